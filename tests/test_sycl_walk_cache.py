"""One walk per SYCL launch (session 16): kmers' 37 report kernels come from 9 launches
(15 instances each of two templated lambdas); each launch is walked once and the other
instances get a renamed copy. The facts are the ones a walk per kernel gives: each
instance keeps its own trip-count symbol (``trips_<kernel>_L732``), and a renamed copy
keeps which objects its sites share without touching the walk it came from."""

from __future__ import annotations

import pytest
import sympy

import hlsight.analyzer.access.sycl_derive as sycl_derive
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.sycl_kernels import SyclKernel
from hlsight.analyzer.access.sycl_walk_cache import KernelWalk, relabel
from hlsight.analyzer.access.sycl_walker import SyclAccessWalker, walk_kernel
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
LABEL = "two_bit_v19_HBM_test_v12_medium_v9_half_cpp_723"


def test_each_launch_is_walked_once_and_each_instance_keeps_its_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[tuple[int, str]] = []

    def counting(launch: SyclKernel, label: str, lines: list[str],
                 headers: dict[str, list[str]] | None = None) -> SyclAccessWalker:
        walked.append((launch.line, label))
        return walk_kernel(launch, label, lines, headers)

    monkeypatch.setattr(sycl_derive, "walk_kernel", counting)
    design = load_design(KMERS)
    facts = sycl_derive.derive_sycl_access_facts(design)
    assert len(design.kernels) == 37 and len(walked) == len({line for line, _ in walked}) == 9
    # every instance of the launch at line 723 counts its loop at line 732 with its own symbol
    trips = {facts.trip(loop) for kernel in design.kernels for loop in kernel.all_loops()}
    for instance in (LABEL, f"{LABEL}_2", f"{LABEL}_9"):
        assert any(f"trips_{instance}_L732" in str(trip) for trip in trips), instance


def test_a_renamed_copy_keeps_sharing_and_leaves_the_original() -> None:
    old = sympy.Symbol("trips_k_L10")
    loop = LoopInfo("while", 10, "k.cpp", None, None, old * 4, "data-dependent: trips_k_L10")
    walk = KernelWalk(sites=[], library={1, 2}, loop_infos={1: loop, 2: loop}, barriers=[])
    copy = relabel(walk, "k", "k_2", {})
    assert isinstance(copy, KernelWalk) and copy.library == {1, 2}
    renamed = copy.loop_infos[1]
    assert renamed is copy.loop_infos[2] and renamed is not loop  # one loop, copied once
    assert renamed.trip_count == sympy.Symbol("trips_k_2_L10") * 4
    assert renamed.trip_reason == "data-dependent: trips_k_2_L10"
    assert loop.trip_count == old * 4 and loop.trip_reason == "data-dependent: trips_k_L10"
    # a label that another one extends is not renamed inside the longer name
    assert relabel(sympy.Symbol("trips_k_2_L10"), "k", "k_3", {}) == sympy.Symbol("trips_k_2_L10")
