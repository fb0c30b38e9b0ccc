"""Indices computed from a value read from memory are data, not a stride to give.

OSKAR gridding (aoc17.1.1_a10_gridding, line 126) reads ``support[grid_w]``
with ``grid_w = (int)round(sqrt(fabs(ww_i * w_scale)))`` of a loaded
``ww_i``, clamped by ``if (grid_w >= num_w_planes) grid_w = num_w_planes -
1``. The call and the if made the index an opaque value, and the estimate
asked for a ``stride`` of it: a number no user can give. A value computed
from a memory read (a call, an operator the affine reader does not keep, a
ternary, a variable set under an if or left by a loop) is now data, as the
read itself is: charged a burst per access (observation 3) with the reads
named. The SYCL walker read ``p[i]`` through a USM pointer as opaque, not as
a load, and took a variable set under an ``if`` to hold the branch's value
afterwards (``support[h]`` was "the same element every time"); both now as
the C walker.
"""

from __future__ import annotations

from hlsight.analyzer.access.classify import Classification
from hlsight.core.model import LSUKind
from tests.access_fixtures import FIXTURES, MarkedSource, sycl_load
from tests.conftest import CORPUS, run_cli

SOURCE = MarkedSource("computed_indices.cl")
GRIDDING = CORPUS / "aoc" / "aoc17.1.1_a10_gridding"


def test_c_indices_computed_from_a_read_are_data_dependent() -> None:
    call, clamp, ternary, counter = SOURCE.facts("gather", [(LSUKind.LOAD, "call"), (LSUKind.LOAD, "clamp"),
                                                            (LSUKind.LOAD, "ternary"),
                                                            (LSUKind.LOAD, "clamped_counter")])
    for facts in (call, clamp, ternary):
        assert facts.data_dependent and facts.stride == "1", facts.explanation
        assert "from ww[i]`): data-dependent" in facts.explanation
    assert "(`round(sqrt(fabs(w))) from ww[i]`)" in call.explanation
    assert "(`h (set under the if at line 13) from ww[i]`)" in clamp.explanation
    # a loop counter clamped under an if is not data: its stride stays a symbol, as before
    assert not counter.data_dependent and counter.stride is None
    assert "`k (set under the if at line 17)`, which is not affine" in counter.explanation


def test_c_an_offset_read_before_a_loop_starts_a_stream_in_it() -> None:
    """``values[off + i]`` with ``off = offsets[t]`` read before the loop over
    ``i``: contiguous within that loop (was a burst per element, 16x the
    traffic of 4 B elements on a 64 B burst); a read inside the loop, or one
    that scales the counter, keeps the access data-dependent."""
    bucket, inside, scaled = SOURCE.facts("buckets", [(LSUKind.LOAD, "bucket"), (LSUKind.LOAD, "read_inside"),
                                                      (LSUKind.LOAD, "scaled")])
    assert not bucket.data_dependent and bucket.stride == "1" and bucket.offset is None
    assert ("starts at a value read from memory before the loop at line 42 (`offsets[t]`): a new stream each time"
            " that loop starts (its partial first burst not charged); advance 1 per iteration of the loop at"
            " line 42") in bucket.explanation
    assert inside.data_dependent and "(`next[i]`): data-dependent" in inside.explanation
    assert scaled.data_dependent and "(`offsets[t]`): data-dependent" in scaled.explanation


def test_c_a_variable_a_loop_left_holding_a_read_is_data() -> None:
    (after,) = SOURCE.facts("last_read", [(LSUKind.LOAD, "after_loop")])
    assert after.data_dependent and "(`last (set by the loop at line 27) from next[i]`)" in after.explanation


SYCL = FIXTURES / "computed_indices.cpp"


def _sycl_read(text: str, kernel: str = "gather") -> Classification:
    return sycl_load(SYCL, kernel, text)


def test_sycl_reads_the_same_indices_as_the_c_walker() -> None:
    for text, shown in (("support[g]", "sycl::round(sycl::sqrt(sycl::fabs(w))) from ww[i]"),
                        ("support[h]", "h (set under the if at line 12) from ww[i]"),
                        ("support[w > 0.0f ? 1 : 2]", "w > 0.0f ? 1 : 2 from ww[i]"),
                        ("support[idx[i]]", "idx[i]")):
        read = _sycl_read(text)
        assert read.data_dependent and read.stride == 1, (text, read.reasons)
        assert f"index depends on a value read from memory (`{shown}`)" in read.reasons[0]
    counter = _sycl_read("support[k]")  # was "the same element every time": k = planes - 1 from the branch
    assert not counter.data_dependent and counter.stride is None
    assert counter.reasons == ["the index moves through `k (set under the if at line 16)`, which is not affine"]


def test_sycl_an_offset_read_before_a_loop_starts_a_stream_in_it() -> None:
    bucket = _sycl_read("ww[off + i]", "buckets")
    assert not bucket.data_dependent and bucket.stride == 1
    assert bucket.reasons[0] == ("starts at a value read from memory before the loop at line 27 (`idx[t]`): a new"
                                 " stream each time that loop starts (its partial first burst not charged)")


def test_gridding_asks_no_stride_for_its_computed_gathers() -> None:
    shown = run_cli("analyze", str(GRIDDING), "-v").stdout.splitlines()
    (ask,) = [line for line in shown if line.startswith("  to get a number, give: ")]
    # the one stride left is convEng's load of `*grid_pointer`, which matches no access on its line
    assert " --set lsu.convEng/load0.stride=VALUE " in ask and "load8" not in ask and "load9" not in ask
    for lsu in ("load8", "load9"):
        (line,) = [line for line in shown if f"oskar_process_all_tiles/{lsu}: " in line and "[access-derived]" in line]
        assert ("index depends on a value read from memory (`grid_w (set under the if at line 124) from"
                " bucket_ww[off + i]`): data-dependent") in line, line
