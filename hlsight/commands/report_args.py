"""Arguments shared by ``hlsight instrument`` and ``hlsight simulate``: the csynth report and model choices."""

from __future__ import annotations

import argparse
from pathlib import Path

from hlsight.analyzer.memory_profiles import MemoryProfile, load_profile
from hlsight.core.errors import InputError
from hlsight.core.model import Design


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def add_report_arguments(parser: argparse.ArgumentParser, report_required: bool) -> None:
    """``--report``, ``--solution``, ``--top``, ``--baseline`` and ``--memory`` of the HLScope+ commands."""
    parser.add_argument("--report", metavar="R", required=report_required,
                        help="Vivado/Vitis csynth report (file, syn/report, solution or project directory)")
    parser.add_argument("--solution", metavar="NAME", help="Vivado/Vitis solution to read")
    parser.add_argument("--top", metavar="FUNC", help="top function (default: the report's top module)")
    parser.add_argument("--baseline", choices=("full", "simple"), default="full",
                        help="full: HLScope+ (eq. 6 residuals, III-B compensation); "
                             "simple: trip-count counting only (HLScope [8], Table III)")
    parser.add_argument("--memory", metavar="PROFILE",
                        help="memory profile (name or TOML) for the section IV DRAM terms of memcpy accesses")
    parser.add_argument("--directives", metavar="FILE",
                        help="directives.tcl or hls_config.cfg of the synthesis: its PIPELINE/UNROLL/DATAFLOW... "
                             "directives count as #pragma HLS lines")
    parser.add_argument("--hls-include", metavar="DIR",
                        help="Vivado/Vitis include folder for HLS C++ (default: $XILINX_HLS/include, "
                             "$XILINX_VIVADO/include, else hlsight's ap_int/hls_stream model)")


def load_report(path: str, solution: str | None) -> Design:
    # the report readers (lxml, every vendor's parser) are imported when a report is read: a cold
    # ``instrument --mode tripcount`` without --report need not pay for them
    from hlsight.parsers.loader import ReadOptions, load_design

    return load_design(path, ReadOptions(solution=solution, read_rtl=False))


def load_memory(name: str) -> MemoryProfile:
    """A memory profile by built-in name or TOML path (analyzer/profiles)."""
    return load_profile(name)


def add_run_dir_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--run-dir", metavar="DIR",
                        help="run the testbench in DIR, where its relative data paths resolve (default: the"
                             " temporary build folder, so nothing it writes lands beside your files)")


def run_dir(text: str | None) -> Path | None:
    """``--run-dir`` as an existing folder, or ``None``."""
    if text is None:
        return None
    folder = Path(text)
    if not folder.is_dir():
        raise InputError(text, "--run-dir is not a folder", expected="the folder the testbench reads its data from")
    return folder.resolve()
