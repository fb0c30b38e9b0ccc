"""How far place-and-route moves an Intel report's clock, over the corpus.

Without a Quartus fit, an aoc/oneAPI/i++ report gives only the compiler's
clock: on Stratix 10 mostly its 480 MHz scheduling target, which the placed
design rarely reaches. Every report set under ``../shared/corpus`` that gives
both that clock and the placed fmax contributes one ratio (placed / report,
each the lowest over the design's kernels, as the estimate takes the lowest
kernel clock). Report sets built from the same kernel sources (the 21
``test_bw10.cl`` micro-benchmark variants, a design copied into two corpus
folders) are one design, at the median of their ratios, so no kernel counts
more because it was compiled more often.

Printed: each design's ratio, then the 10th percentile, median and 90th
percentile (``statistics.quantiles``, exclusive method) and the extremes.
``hlsight.analyzer.clock_band.INTEL_PLACED_CLOCK`` holds these figures;
``tests/test_clock_band.py`` checks that it still matches this script.

Usage: python benchmarks/placed_clock.py [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from hlsight.core.errors import InputError  # noqa: E402
from hlsight.core.model import Design  # noqa: E402
from hlsight.parsers.loader import load_design  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
#: files that mark an Intel report set (the data folder is their parent, or
#: its parent for ``lib/json/*.json``)
MARKERS = ("report_data.js", "mav.json", "summary.ndjson")


@dataclass(frozen=True)
class DesignRatio:
    design: str  # the kernel sources (or kernel names) that make it one design
    ratio: float  # median placed / report clock over its report sets
    report_sets: int
    example: str  # one report set, relative to the corpus


@dataclass(frozen=True)
class Spread:
    designs: int
    low: float  # 10th percentile
    median: float
    high: float  # 90th percentile
    lowest: float
    highest: float


def report_sets(root: Path = CORPUS) -> list[Path]:
    """Every Intel report data folder under ``root``, once."""
    found: set[Path] = set()
    for name in MARKERS:
        for marker in root.rglob(name):
            folder = marker.parent
            if folder.name == "json" and folder.parent.name == "lib":
                folder = folder.parent
            found.add(folder)
    return sorted(found)


def clock_ratio(design: Design) -> float | None:
    """Placed / report clock of ``design`` (lowest kernel clock of each), or
    ``None`` when the report lacks either."""
    placed = [kernel.fmax_postfit_mhz for kernel in design.kernels if kernel.fmax_postfit_mhz]
    reported = [kernel.fmax_estimated_mhz for kernel in design.kernels if kernel.fmax_estimated_mhz]
    if not placed or not reported:
        return None
    return min(placed) / min(reported)


def design_key(design: Design) -> str:
    sources = sorted({source.name for source in design.source_files})
    return ", ".join(sources) if sources else ", ".join(sorted(kernel.name for kernel in design.kernels))


def design_ratios(root: Path = CORPUS) -> list[DesignRatio]:
    groups: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for folder in report_sets(root):
        try:
            design = load_design(folder)
        except InputError:
            continue  # a deliberately broken fixture of the corpus
        ratio = clock_ratio(design)
        if ratio is not None:
            groups[design_key(design)].append((ratio, str(folder.relative_to(root))))
    return sorted(
        (DesignRatio(key, statistics.median(r for r, _ in items), len(items), items[0][1])
         for key, items in groups.items()),
        key=lambda item: item.ratio,
    )


def spread(ratios: list[DesignRatio]) -> Spread:
    values = [item.ratio for item in ratios]
    deciles = statistics.quantiles(values, n=10, method="exclusive")
    return Spread(len(values), round(deciles[0], 2), round(statistics.median(values), 2), round(deciles[-1], 2),
                  round(min(values), 2), round(max(values), 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    ratios = design_ratios()
    summary = spread(ratios)
    if args.json:
        print(json.dumps({"designs": [asdict(item) for item in ratios], "spread": asdict(summary)}, indent=2))
        return 0
    for item in ratios:
        print(f"{item.ratio:6.3f}  {item.report_sets:3d} set(s)  {item.design[:60]:60s}  {item.example}")
    print(f"{summary.designs} designs: 10th percentile {summary.low}, median {summary.median}, "
          f"90th percentile {summary.high}, range {summary.lowest}-{summary.highest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
