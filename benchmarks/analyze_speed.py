"""Time ``hlsight analyze`` on the largest Intel corpus cases.

* 16.1 caffe net (``aoc16.1_s5_de5net_caffe_net``): 226 kB report_data.js and
  the 3.8 MB ``net.v`` with 30 ``lsu_top`` instances (RTL pairing included);
* oneAPI 2023.0 kmers (``oneapi2023.0_s10mx_kmers``): 1.0 MB report_data.js,
  510 kB mav.json, 37 kernels, 46 LSUs;
* oneAPI 2021.4 parallel BFS ``.prj`` (3.4 MB of SystemVerilog).

For each: the median (wall and CPU) of N runs of the reader alone (``load_design``), of the
RTL scan alone, of the in-process CLI (read + analyze + JSON), and of a cold
``python -m hlsight analyze`` subprocess (interpreter start-up included).

    python benchmarks/analyze_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.timing import median_ms  # noqa: E402
from hlsight.cli import main  # noqa: E402
from hlsight.parsers.intel.rtl.reader import scan_rtl  # noqa: E402
from hlsight.parsers.loader import ReadOptions, load_design  # noqa: E402

AOC = REPO.parent / "shared" / "corpus" / "aoc"
CASES = {
    "aoc16.1 caffe net (3.8 MB net.v)": AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net",
    "oneAPI 2023.0 kmers": AOC / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half",
    "oneAPI 2021.4 parallel_bfs .prj": AOC / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj",
}


def _size(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, median of {args.runs} runs, load average {os.getloadavg()[0]:.1f}")
    for label, path in CASES.items():
        design = load_design(path)
        lsus = sum(len(k.lsus) for k in design.kernels)
        paired = sum(1 for k in design.kernels for lsu in k.lsus if lsu.rtl is not None)
        print(f"\n{label}: {_size(path):.1f} MB on disk, {len(design.kernels)} kernels, {lsus} LSUs, "
              f"{paired} paired with RTL")

        def cli(target: Path = path) -> None:
            with redirect_stdout(io.StringIO()):
                main(["analyze", str(target), "--format", "json"])

        def cold(target: Path = path) -> None:
            subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(target), "--format", "json"],
                           cwd=REPO, check=True, stdout=subprocess.DEVNULL)

        rows = [
            ("load_design (report + RTL)", lambda target=path: load_design(target)),
            ("load_design (report only)", lambda target=path: load_design(target, ReadOptions(read_rtl=False))),
            ("RTL scan only", lambda target=path: scan_rtl([target])),
            ("in-process CLI, --format json", cli),
            ("cold process, --format json", cold),
        ]
        for name, action in rows:
            wall, cpu = median_ms(action, args.runs)
            print(f"  {name:<32} wall {wall:8.1f} ms   cpu {cpu:8.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main_())
