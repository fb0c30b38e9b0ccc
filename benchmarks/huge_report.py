"""Memory and time of ``hlsight analyze`` on generated huge csynth.xml files
(issue 16: a 200 MB csynth.xml of loops needed more than 4 GB and 10 min).

Each run is a ``python -m hlsight`` subprocess, alone, measured with
``resource.getrusage(RUSAGE_CHILDREN)`` (peak resident set) and wall time:
flat loop tables of 1,000 to 9,000 loops (read; time per loop shows the
work is linear), files just over MAX_LOOPS and the size limit (refused), and
the 200 MB file of the issue.

    python benchmarks/huge_report.py [--megabytes 200]
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "corpus" / "vivado" / "vhls2019.1_unique_paths" / "unique_paths_csynth.xml"
LOOP = ("<Loop{i}>\n<TripCount>4</TripCount>\n<Latency>8</Latency>\n<PipelineII>2</PipelineII>\n"
        "<PipelineDepth>2</PipelineDepth>\n</Loop{i}>\n")


def generate(folder: Path, loops: int) -> Path:
    head, tail = re.split(r"<SummaryOfLoopLatency>.*</SummaryOfLoopLatency>", SOURCE.read_text(), flags=re.S)
    folder.mkdir(parents=True)
    with open(folder / "unique_paths_csynth.xml", "w", encoding="utf-8") as stream:
        stream.write(head + "<SummaryOfLoopLatency>\n")
        for index in range(loops):
            stream.write(LOOP.format(i=index))
        stream.write("</SummaryOfLoopLatency>" + tail)
    return folder


def measure(folder: Path) -> tuple[int, float, float, str]:
    """Exit code, seconds, peak MB of the child, first stderr line."""
    start = time.monotonic()
    process = subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(folder)],
                             capture_output=True, text=True, timeout=1200)
    seconds = time.monotonic() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    error = next((line for line in process.stderr.splitlines() if "error" in line), "")
    return process.returncode, seconds, peak_mb, error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=200.0, help="size of the largest file")
    args = parser.parse_args()
    loops_per_mb = 1e6 / len(LOOP.format(i=100000))
    with tempfile.TemporaryDirectory(prefix="hlsight-huge-") as scratch:
        cases = [1000, 3000, 9000, 12000, int(17 * loops_per_mb), int(args.megabytes * loops_per_mb)]
        print(f"{'loops':>9} {'MB':>7} {'exit':>4} {'seconds':>8} {'ms/loop':>8} {'peak MB':>8}  message")
        for loops in cases:
            folder = generate(Path(scratch) / str(loops), loops)
            size_mb = (folder / "unique_paths_csynth.xml").stat().st_size / 1e6
            code, seconds, peak_mb, error = measure(folder)
            per_loop = seconds * 1000 / loops
            print(f"{loops:>9} {size_mb:>7.1f} {code:>4} {seconds:>8.2f} {per_loop:>8.3f} {peak_mb:>8.0f}  "
                  f"{error.split(': ', 2)[-1][:70]}")
            (folder / "unique_paths_csynth.xml").unlink()


if __name__ == "__main__":
    main()
