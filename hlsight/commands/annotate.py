"""``hlsight annotate REPORT_DIR -o OUT_DIR``: hlsight inside the vendor report.

aoc/oneAPI: a copy of the report directory whose ``report.html`` carries an
hlsight panel and per-LSU numbers next to the vendor's LSU entries.
Vivado/Vitis: a copy of the report directory plus ``csynth.html``, an HTML
rendering of the csynth report with the same panel. The input directory is
never modified; an existing OUT_DIR is replaced only with ``--force``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hlsight.annotate.intel import annotate_intel
from hlsight.annotate.staging import check_destination, staged_copy
from hlsight.annotate.vivado import annotate_vivado
from hlsight.commands.common import add_design_arguments, add_model_arguments, analyze_with_inputs
from hlsight.core.model import Vendor
from hlsight.core.terminal import terminal_safe
from hlsight.parsers.loader import ReadOptions, load_design


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("annotate", help="write a copy of the vendor report with hlsight's findings")
    add_design_arguments(parser)
    parser.add_argument("-o", "--output", metavar="OUT_DIR", required=True, help="directory to create")
    parser.add_argument("--force", action="store_true", help="replace OUT_DIR if it exists")
    add_model_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    path = Path(args.path)
    source_root = path.parent if path.is_file() else path
    destination = Path(args.output)
    check_destination(source_root, destination, args.force)  # fail before the (slow) analysis
    result = analyze_with_inputs(load_design(path, ReadOptions(solution=args.solution)), args)
    with staged_copy(source_root, destination, args.force) as copy_root:
        if result.design.tool.vendor is Vendor.INTEL:
            written = annotate_intel(copy_root, source_root, result)
        else:
            written = annotate_vivado(copy_root, result)
        relative = written.relative_to(copy_root)
    print(terminal_safe(f"hlsight: wrote {destination / relative}"), file=sys.stderr)
    return 0
