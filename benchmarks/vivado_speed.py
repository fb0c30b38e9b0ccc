"""Time ``hlsight analyze`` on the largest Vivado corpus case.

vhls2019.1_lr_trackfit holds 20 report files (2.1 MB; LR_top_csynth.xml is
497 kB, LR_top_csynth.rpt 337 kB). Prints the median of several runs for each
stage (XML reader, rpt reader, whole read, analyze + JSON), the in-process
CLI, and a cold ``python -m hlsight`` subprocess (interpreter start-up
included).

    python benchmarks/vivado_speed.py [--runs N] [--case NAME]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hlsight.analyzer.export import result_to_dict  # noqa: E402
from hlsight.analyzer.pipeline import analyze  # noqa: E402
from hlsight.cli import main  # noqa: E402
from hlsight.parsers.vivado import read_report  # noqa: E402
from hlsight.parsers.vivado.profile_xml import read_profile_xml  # noqa: E402
from hlsight.parsers.vivado.rpt import read_rpt  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "vivado"


def median_ms(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds (CPU time is the steadier figure
    on a loaded machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((time.process_time() - start_cpu) * 1000.0)
    return statistics.median(wall), statistics.median(cpu)


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--case", default="vhls2019.1_lr_trackfit")
    args = parser.parse_args()
    case = CORPUS / args.case
    xml_files = sorted(case.glob("*_csynth.xml"))
    rpt_files = sorted(case.glob("*_csynth.rpt"))
    total_bytes = sum(p.stat().st_size for p in case.glob("*csynth*"))

    def cli() -> None:
        with redirect_stdout(io.StringIO()):
            main(["analyze", str(case), "--format", "json"])

    figures = {
        "xml reader (all modules)": median_ms(lambda: [read_profile_xml(p) for p in xml_files], args.runs),
        "rpt reader (all modules)": median_ms(lambda: [read_rpt(p) for p in rpt_files], args.runs),
        "read_report (merged design)": median_ms(lambda: read_report(case), args.runs),
        "read + analyze + JSON dict": median_ms(lambda: json.dumps(result_to_dict(analyze(read_report(case)))),
                                                args.runs),
        "CLI analyze --format json (in-process)": median_ms(cli, args.runs),
    }
    cold = median_ms(lambda: subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(case), "--format",
                                             "json"], cwd=REPO, check=True, capture_output=True),
                     max(3, args.runs // 2))
    figures["python -m hlsight analyze (cold process, wall)"] = (cold[0], float("nan"))
    design = read_report(case)
    loops = sum(len(kernel.all_loops()) for kernel in design.kernels if kernel.folded_into is None)
    print(f"case {args.case}: {len(xml_files)} XML + {len(rpt_files)} rpt files, {total_bytes / 1e6:.2f} MB, "
          f"{len(design.kernels)} modules, {loops} loops; median of {args.runs} runs")
    print(f"  {'stage':<48} {'wall ms':>8} {'cpu ms':>8}")
    for label, (wall, cpu) in figures.items():
        print(f"  {label:<48} {wall:8.1f} {cpu:8.1f}")
    throughput = total_bytes / 1e6 / (figures["read_report (merged design)"][1] / 1000)
    print(f"  read_report throughput (CPU time): {throughput:.1f} MB/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main_())
