"""Compile-and-run helpers for the HLScope+ instrumentation tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

#: The issue's flags: instrumented code must compile with them wherever the original does.
STRICT = ("-std=c99", "-Wall", "-Wno-unknown-pragmas", "-Werror")
#: HLS loop labels are never jumped to, so -Wall's unused-label warning fires on most HLS code.
LABELS = ("-Wno-unused-label",)


def compiles(sources: list[Path], include_dirs: list[Path], output: Path, flags: tuple[str, ...]) -> str | None:
    command = ["gcc", *flags, "-O1"]
    for directory in include_dirs:
        command += ["-I", str(directory)]
    command += [str(s) for s in sources] + ["-o", str(output), "-lm"]
    compiled = subprocess.run(command, capture_output=True, text=True, check=False)
    return None if compiled.returncode == 0 else compiled.stderr


def flags_for(sources: list[Path], include_dirs: list[Path], scratch: Path) -> tuple[str, ...]:
    """STRICT when the original program compiles with it, else STRICT without unused-label errors."""
    if compiles(sources, include_dirs, scratch / "flags-probe", STRICT) is None:
        return STRICT
    return STRICT + LABELS


def build_and_run(sources: list[Path], include_dirs: list[Path], output: Path,
                  env: dict[str, str] | None = None,
                  flags: tuple[str, ...] = STRICT) -> subprocess.CompletedProcess[bytes]:
    """Compile (failing the test on a compile error), then run."""
    error = compiles(sources, include_dirs, output, flags)
    assert error is None, error
    environment = {k: v for k, v in os.environ.items() if not k.startswith("HLSIGHT_")}
    environment.update(env or {})
    return subprocess.run([str(output)], capture_output=True, env=environment, check=False, timeout=120)


def printed_with_model(program: Path) -> str:
    """What ``program`` prints, compiled with g++ -Wall against hlsight's header model."""
    from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE

    binary = program.with_suffix("")
    built = subprocess.run(["g++", "-std=c++14", "-Wall", "-I", str(MODEL_INCLUDE), str(program), "-o", str(binary)],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=30).stdout
