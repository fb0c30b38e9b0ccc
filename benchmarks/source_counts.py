"""Report loops against the source loops hlsight matches them to (decisions
34, 67, 69): for every Vivado/Vitis report loop the report counts exactly,
the source's count (after ``#pragma HLS unroll factor=N``) must be the
same number; a loop the report leaves open shows the expression the
estimate takes from the source.

    python benchmarks/source_counts.py                 # the ../shared/instrument cases
    python benchmarks/source_counts.py REPORT[:SOURCES] ...

``SOURCES`` is the folder ``--source-root`` would name (default: found as
``hlsight analyze`` finds them). Public outside cases used in docs/model.md
decision 67 are fetched into a scratch folder and named here; they are not
kept in the repository.
"""

from __future__ import annotations

import sys
from pathlib import Path

import sympy

from hlsight.analyzer.access.axi_derive import _parse, walk_top
from hlsight.analyzer.access.derive import KernelAccesses, _source_loops
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.analyzer.results import SourceFacts
from hlsight.commands.sources import with_local_sources
from hlsight.parsers.loader import load_design

INSTRUMENT = Path(__file__).resolve().parents[2] / "shared" / "instrument"


def compare(report: str, sources: str | None) -> tuple[int, int, int]:
    """Print one line per report loop; (compared, same, different)."""
    design = with_local_sources(load_design(report), sources)
    if not any(source.content for source in design.source_files):
        print(f"{report}: no source found")
        return 0, 0, 0
    parsed = _parse(design, SourceFacts())
    names = SourceLoopNames.of(parsed)
    compared = same = 0
    seen: set[tuple[str, int, int]] = set()
    for top in design.top_kernels():
        found = parsed.function(top.name)
        if found is None:
            print(f"{report}: the source defines no {top.name} hlsight can read")
            continue
        walker = walk_top(parsed, *found)
        infos = {**walker.called_loop_infos, **walker.loop_infos}
        for kernel in design.kernels:
            finder = report_loop_finder(kernel, design, names, infos, top.name, walker.called.walks)
            matched = _source_loops(KernelAccesses(kernel, False, walker.sites, list(infos.values()),
                                                   report_loops=finder))
            for loop in kernel.all_loops():
                info = matched.get(id(loop))
                reported = loop.trip_count.value if loop.trip_count is not None else None
                counted = None if info is None else info.trip_count
                if counted is not None and (factor := info.hls_unroll if info is not None else None):
                    counted = sympy.ceiling(counted / factor)
                verdict = ""
                if reported is not None and counted is not None and counted.is_Integer and info is not None:
                    key = (info.file, info.line, int(counted))
                    if key not in seen:  # the top and its outlined module list one loop (a template's
                        # instances, one line each, count apart)
                        seen.add(key)
                        compared += 1
                        same += int(counted) == reported
                    verdict = "same" if int(counted) == reported else "DIFFERENT"
                where = "" if info is None else f"line {info.line}"
                print(f"  {kernel.name[:34]:34} {loop.name[:36]:36} report {reported!s:>8}  source {counted!s:24}"
                      f" {where:9} {verdict}")
    return compared, same, compared - same


def main(arguments: list[str]) -> int:
    cases = arguments or [str(folder / "report") for folder in sorted(INSTRUMENT.iterdir()) if folder.is_dir()]
    totals = [0, 0, 0]
    for case in cases:
        report, _, sources = case.partition(":")
        print(report)
        for index, value in enumerate(compare(report, sources or None)):
            totals[index] += value
    print(f"{totals[0]} loops the report counts exactly and the source counts: {totals[1]} the same,"
          f" {totals[2]} different")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
