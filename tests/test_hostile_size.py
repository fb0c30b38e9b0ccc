"""Bounded work on huge reports (issue 16): a csynth.xml of hundreds of
thousands of loops needed more than 4 GB and ten minutes at 200 MB. Files
over the size limit are refused before they are read; within it, more than
MAX_LOOPS loops are refused before loop objects are built. Memory and time
are measured in a subprocess (``resource.getrusage(RUSAGE_CHILDREN)``)."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from hlsight.core.limits import MAX_LOOPS, MAX_VIVADO_REPORT_BYTES
from tests.conftest import CORPUS

UNIQUE_PATHS_XML = CORPUS / "vivado" / "vhls2019.1_unique_paths" / "unique_paths_csynth.xml"
LOOP = ("<Loop{i}>\n<TripCount>4</TripCount>\n<Latency>8</Latency>\n<PipelineII>2</PipelineII>\n"
        "<PipelineDepth>2</PipelineDepth>\n</Loop{i}>\n")


def many_loops_xml(folder: Path, megabytes: float) -> Path:
    """unique_paths with its loop table replaced by flat loops filling ``megabytes``."""
    head, tail = re.split(r"<SummaryOfLoopLatency>.*</SummaryOfLoopLatency>", UNIQUE_PATHS_XML.read_text(),
                          flags=re.S)
    folder.mkdir()
    with open(folder / "unique_paths_csynth.xml", "w", encoding="utf-8") as stream:
        stream.write(head + "<SummaryOfLoopLatency>\n")
        written, index = 0, 0
        while written < megabytes * 1e6:
            loop = LOOP.format(i=index)
            stream.write(loop)
            written, index = written + len(loop), index + 1
        stream.write("</SummaryOfLoopLatency>" + tail)
    return folder


def measured_run(path: Path) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Exit, stderr, seconds and peak resident MB of ``hlsight analyze path``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.monotonic()
    process = subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(path)], capture_output=True,
                             text=True, timeout=120)
    seconds = time.monotonic() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert peak_kb >= before
    return process, seconds, peak_kb / 1024


def test_fifty_megabyte_csynth_xml_is_refused_unread(tmp_path: Path) -> None:
    report = many_loops_xml(tmp_path / "big", 50)
    assert (report / "unique_paths_csynth.xml").stat().st_size > MAX_VIVADO_REPORT_BYTES
    process, seconds, peak_mb = measured_run(report)
    assert process.returncode == 2
    assert process.stderr.count("\n") == 1 and "MiB, more than hlsight reads" in process.stderr
    assert peak_mb < 1024 and seconds < 20, (peak_mb, seconds)


def test_loop_count_within_the_size_limit_is_bounded(tmp_path: Path) -> None:
    report = many_loops_xml(tmp_path / "loops", 12)  # ~90,000 loops under the size limit
    process, seconds, peak_mb = measured_run(report)
    assert process.returncode == 2, process.stdout[-500:]
    assert f"more than {MAX_LOOPS:,} loops" in process.stderr and process.stderr.count("\n") == 1
    assert peak_mb < 1024 and seconds < 20, (peak_mb, seconds)


def test_many_loops_under_the_limit_are_read_in_bounded_time(tmp_path: Path) -> None:
    """Just under MAX_LOOPS loops still analyses (about 0.7 ms per loop)."""
    report = many_loops_xml(tmp_path / "ok", 1.2)  # ~9,300 loops
    process, seconds, peak_mb = measured_run(report)
    assert process.returncode == 0, process.stderr
    # every loop was read: the II-2 finding of each is grouped into one line (issue 15)
    grouped = re.search(r"\((\d+) loops like this: Loop 0, Loop 1, Loop 2", process.stdout)
    assert grouped is not None and int(grouped.group(1)) > 9000
    assert peak_mb < 1024 and seconds < 30, (peak_mb, seconds)
