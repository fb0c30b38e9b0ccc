"""``hlsight memory list|show NAME``: the memory profiles the models use."""

from __future__ import annotations

import argparse

from hlsight.analyzer.memory_profiles import all_profiles, load_profile


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("memory", help="list or show memory profiles (DRAM timing data)")
    actions = parser.add_subparsers(dest="memory_action", metavar="ACTION")
    actions.required = True
    actions.add_parser("list", help="list the built-in profiles")
    show = actions.add_parser("show", help="show one profile with its provenance")
    show.add_argument("name", metavar="NAME", help="built-in profile name or a .toml file")
    return parser


def run(args: argparse.Namespace) -> int:
    if args.memory_action == "list":
        profiles = all_profiles()
        width = max(len(profile.name) for profile in profiles)
        for profile in profiles:
            bandwidth = f"{profile.bw_dram_bps / 1e9:6.2f} GB/s x{profile.channels:<2}"
            print(f"{profile.name:<{width}}  {bandwidth}  {profile.description}")
        return 0
    profile = load_profile(args.name)
    rows = profile.describe()
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0
