"""Snapshot every corpus report set's estimates and LSU access facts, and diff two snapshots.

A model or source-analysis change should move only the numbers it means to:
run ``snapshot`` before and after (each with the ``hlsight`` of that
checkout) and ``diff`` the two; every line of the diff is a change to explain
in the commit. Session 22 wrote it for the access walker's cast and
temporaries fix (186 report sets, no difference).

    python benchmarks/corpus_snapshot.py snapshot before.json --hlsight /path/to/old/venv/bin/hlsight
    python benchmarks/corpus_snapshot.py snapshot after.json
    python benchmarks/corpus_snapshot.py diff before.json after.json

Each report set is one cold ``hlsight analyze --format json`` process, as a
user runs it (about 10 minutes for the corpus on two cores; ``--jobs``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
#: the access facts of an LSU the snapshot keeps
ACCESS_FIELDS = ("stride", "offset", "element_bytes", "accesses", "explanation")


def targets(corpus: Path) -> list[Path]:
    """One folder per report set: aoc/oneAPI ``reports`` folders, bare oneAPI
    ``json`` folders, ``.ndjson`` folders and every Vivado/Vitis case."""
    found: set[Path] = {data.parent.parent for data in corpus.rglob("report_data.js")}
    for mav in sorted(corpus.rglob("mav.json")):
        folder = mav.parent.parent.parent if mav.parent.name == "json" else mav.parent
        if not any(folder.is_relative_to(seen) or seen.is_relative_to(folder) for seen in found):
            found.add(folder)
    found.update(ndjson.parent for ndjson in corpus.rglob("summary.ndjson"))
    vivado = corpus / "vivado"
    if vivado.is_dir():
        found.update(case for case in vivado.iterdir() if case.is_dir())
    return sorted(found)


def snapshot_one(hlsight: str, target: Path) -> dict[str, Any]:
    """The design and per-kernel estimate expressions, bounds and LSU access facts."""
    run = subprocess.run([hlsight, "analyze", str(target), "--format", "json"], cwd=target.parent,
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return {"error": run.stderr.strip()[-300:]}
    data = json.loads(run.stdout)
    kernels: dict[str, Any] = {}
    for kernel in data.get("kernels", []):
        estimate = kernel.get("estimate") or {}
        kernels[kernel["name"]] = {
            "expression": estimate.get("expression"),
            "bound": estimate.get("bound_label"),
            "lsus": {lsu["id"]: {name: (lsu.get("access") or {}).get(name) for name in ACCESS_FIELDS}
                     for lsu in kernel.get("lsus", [])},
        }
    return {"design": (data.get("estimate") or {}).get("expression"), "kernels": kernels}


def snapshot(out: Path, hlsight: str, corpus: Path, jobs: int) -> int:
    folders = targets(corpus)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda folder: snapshot_one(hlsight, folder), folders))
    out.write_text(json.dumps({str(folder.relative_to(corpus)): result for folder, result in zip(folders, results,
                                                                                                  strict=True)},
                              indent=1, sort_keys=True), encoding="utf-8")
    print(f"{len(folders)} report sets -> {out}")
    return 0


def differences(before: Any, after: Any, where: str = "") -> Iterator[str]:
    """``path: before -> after`` for every leaf that differs."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after)):
            yield from differences(before.get(key), after.get(key), f"{where}/{key}" if where else key)
    elif before != after:
        yield f"{where}: {before!r} -> {after!r}"


def diff(before: Path, after: Path) -> int:
    lines = list(differences(json.loads(before.read_text(encoding="utf-8")),
                             json.loads(after.read_text(encoding="utf-8"))))
    print("\n".join(lines) if lines else "no differences")
    return 1 if lines else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    take = commands.add_parser("snapshot", help="analyze every corpus report set and write OUT.json")
    take.add_argument("out", type=Path)
    take.add_argument("--hlsight", default=shutil.which("hlsight") or "hlsight", help="the hlsight to run")
    take.add_argument("--corpus", type=Path, default=CORPUS)
    take.add_argument("--jobs", type=int, default=2)
    compare = commands.add_parser("diff", help="print what differs between two snapshots (exit 1 if anything)")
    compare.add_argument("before", type=Path)
    compare.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "snapshot":
        return snapshot(args.out, args.hlsight, args.corpus, args.jobs)
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
