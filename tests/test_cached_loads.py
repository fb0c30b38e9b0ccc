"""A burst-coalesced load with aoc's "cached" modifier (Intel FPGA SDK for
OpenCL Best Practices Guide, "Load-Store Unit Modifiers": a cache made when
the reads look repetitive, flushed at kernel start) is timed like any
burst-coalesced load: every access as DRAM traffic. The cache's hits cost
none and no equation of the seed papers times them, so the estimate says
that its memory time is an upper bound instead of leaving it unsaid
(docs/model.md decision 49; someoneinjd/t2sp GER on the A10 PAC: two cached
vector loaders re-read 64 KB, +106 % over the measured run)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import FIXTURES, run_json

#: our one-loop report (fixtures/aoc19_cached_load/README.md): table[i % 64] read through a cache
CACHED = FIXTURES / "aoc19_cached_load"


def _caveats(report: Path) -> list[str]:
    document = run_json("analyze", str(report), "--set", "n=1048576")
    estimate = document["estimate"]
    assert estimate["seconds"] is not None
    return [str(caveat) for caveat in estimate["extra"]["caveats"]]


def test_a_cached_load_makes_its_memory_time_an_upper_bound() -> None:
    caveats = [caveat for caveat in _caveats(CACHED) if "cache" in caveat]
    assert len(caveats) == 1
    (caveat,) = caveats
    assert caveat.startswith("global loads read through an aoc cache") and "upper bound" in caveat


def test_the_same_load_without_the_modifier_says_nothing(tmp_path: Path) -> None:
    copy = tmp_path / "plain"
    shutil.copytree(CACHED, copy)
    mav = copy / "reports" / "lib" / "json" / "mav.json"
    mav.write_text(json.dumps(_uncached(json.loads(mav.read_text()))))
    assert not [caveat for caveat in _caveats(copy) if "cache" in caveat]


def _uncached(node: object) -> object:
    """The mav with every "Burst-coalesced cached" LSU typed plain "Burst-coalesced"."""
    if isinstance(node, dict):
        return {key: ("Burst-coalesced" if value == "Burst-coalesced cached" else _uncached(value))
                for key, value in node.items()}
    if isinstance(node, list):
        return [_uncached(item) for item in node]
    return node


def _fmin_hints(report: Path) -> dict[str, dict[str, object]]:
    document = run_json("analyze", str(report), "--set", "n=1048576", "--min-severity", "note")
    return {str(diag["message"]).split(" ", 1)[0]: diag for diag in document["diagnostics"]
            if diag["rule"] == "mem-fmax-below-fmin"}


def test_a_cached_load_is_not_told_to_widen(tmp_path: Path) -> None:
    """The f_min hint times the cached load as if every read reached the
    memory: for it, a note that this is its worst case, not a warning to
    widen it; the same load without the modifier keeps the warning."""
    hints = _fmin_hints(CACHED)
    cached = hints["scale_rows/load0"]
    assert cached["severity"] == "note"
    assert "it is a cached load" in str(cached["message"]) and "widen it ~" not in str(cached["message"])
    copy = tmp_path / "plain"
    shutil.copytree(CACHED, copy)
    mav = copy / "reports" / "lib" / "json" / "mav.json"
    mav.write_text(json.dumps(_uncached(json.loads(mav.read_text()))))
    plain = _fmin_hints(copy)["scale_rows/load0"]
    assert plain["severity"] == "warning" and "widen it ~" in str(plain["message"])
