"""``hlsight analyze PATH``: read a design and report on it."""

from __future__ import annotations

import argparse

from hlsight.analyzer.pipeline import analyze
from hlsight.commands.common import (
    add_design_arguments,
    add_model_arguments,
    add_output_arguments,
    concurrent_inputs,
    emit,
    launch_inputs,
    model_inputs,
)
from hlsight.parsers.loader import ReadOptions, load_design


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("analyze", help="read an HLS report and print the analysis")
    add_design_arguments(parser)
    add_output_arguments(parser)
    add_model_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    values, memory = model_inputs(args)
    design = load_design(args.path, ReadOptions(solution=args.solution))
    result = analyze(design, values, memory=memory, launches=launch_inputs(args), concurrent=concurrent_inputs(args))
    emit(result, args)
    return 0
