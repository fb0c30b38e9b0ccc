"""Time each reporter, and ``annotate``, on the largest corpus cases.

The analysis runs once per case; then each format is rendered N times from
the same :class:`AnalysisResult`, so the figures are the reporters' own cost
(Jinja rendering, MathML printing, SARIF/JSON serialisation), not the
readers'. ``annotate`` is timed end to end on the copy + BeautifulSoup edit
(analysis excluded) for the aoc case.

    python benchmarks/reporters_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.timing import median_ms  # noqa: E402
from hlsight.analyzer.pipeline import analyze  # noqa: E402
from hlsight.annotate.intel import annotate_intel  # noqa: E402
from hlsight.annotate.staging import staged_copy  # noqa: E402
from hlsight.parsers.loader import load_design  # noqa: E402
from hlsight.reporters import REPORTERS, get_reporter  # noqa: E402
from hlsight.reporters.base import RenderOptions  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
CASES = {
    "oneapi2023.0 kmers (37 kernels, 46 LSUs)":
        CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half",
    "aoc16.1 caffe net (30 LSUs, RTL)":
        CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net",
    "vitis2023.1 hls4ml pulse (dataflow)": CORPUS / "vivado" / "vitis2023.1_hls4ml_pulse_dataflow",
}


def time_case(path: Path, runs: int) -> None:
    result = analyze(load_design(path))
    for fmt in sorted(REPORTERS):
        reporter = get_reporter(fmt)
        size = len(reporter.render(result, RenderOptions()).encode())
        wall, cpu = median_ms(lambda: reporter.render(result, RenderOptions()), runs)  # noqa: B023
        print(f"  {fmt:<6} {wall:8.1f} ms wall {cpu:8.1f} ms cpu  {size / 1024:8.1f} KiB")
    if result.design.tool.vendor.value != "intel":
        return
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out"

        def annotate_once() -> None:
            with staged_copy(path, out, force=True) as copy_root:
                annotate_intel(copy_root, path, result)

        wall, cpu = median_ms(annotate_once, runs)
    print(f"  annotate (copy + edit) {wall:8.1f} ms wall {cpu:8.1f} ms cpu")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for label, path in CASES.items():
        print(f"{label}: {path.relative_to(CORPUS)}")
        time_case(path, args.runs)


if __name__ == "__main__":
    main()
