"""One name per loop whose trip count the source leaves to the data.

The access counts name such a loop ``trips_<kernel>_L<line>``; the report's
loop of the same source loop used to get a second name,
``loop.<kernel>.<block>.trip``, for the pipeline model, so a user had to give
one value twice (gridding's ``while (1)``, reported by aoc 17.1 at its closing
brace) and, until then, the pipeline time was left out of the number. Loops
that a macro expands on one line (caffe's ``LOAD_DATA_PAD_ENSURE_ZERO``) got
one name for three loops, and their accesses the cube of it.
"""

from __future__ import annotations

import json

from hlsight.analyzer.access.loops import closing_lines, unknown_trip_symbol
from hlsight.core.model import LSUKind
from hlsight.parsers.loader import load_design
from hlsight.reporters.present import source_trip_loops
from tests.access_fixtures import MarkedSource
from tests.conftest import CORPUS, run_cli

GRIDDING = CORPUS / "aoc" / "aoc17.1.1_a10_gridding" / "reports"
CAFFE = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net" / "reports"
CONV_LOOPS = (218, 228, 229, 241, 247, 253, 278, 279)


def test_the_closing_line_skips_braces_in_comments_and_strings() -> None:
    lines = [
        "while (1) {            // {",
        '  char *s = "}{";',
        "  /* } */ if (x) { y('}'); }",
        "} // END loop",
    ]
    assert closing_lines(lines)[1] == 4
    assert closing_lines(lines)[3] == 3  # `if (x) { ... }` closes on its own line
    assert 1 not in closing_lines(lines[:3])  # never closed: no guess
    unbalanced = ["void f() {", *(["for (;;) {"] * 20000)]
    assert closing_lines(unbalanced) == {}  # one pass, not one rescan per loop
    assert str(unknown_trip_symbol("k", 430)) == "trips_k_L430"
    assert str(unknown_trip_symbol("k", 430, 3)) == "trips_k_L430_3"


def test_a_loop_reported_at_its_closing_brace_shares_the_access_name() -> None:
    """convEng.B1 is the ``while (1)`` of line 218, which aoc 17.1 reports at line 289:
    its trip is trips_convEng_L218 (no loop.convEng.B1.trip), and with the eight trips,
    fmax and the tile counts given, the pipeline time is in the number, hand-computed
    from FlexCL eq. 1 per loop with aoc's interleaving and the depths of the 17.1 mav
    (block latency, or its last instruction's end: B1 2, B2 7, B3 168, B6 8, B7 8,
    B8 189, B11 7, B12 66). The not-pipelined B1 and B6 drain each iteration:
    B1 = 8 * (B2 + B6 + B11 + 2) with B2 = 8*8 + 7 + 167, B11 = 8*8 + 7 + 65 and
    B6 = 8 * (8*8 + 8 + 188 + 8). The count is "at most": the writer's tile loop skips
    empty tiles (``if (num_tile_vis==0 && (tile<nTiles-1)) continue;``, line 92), a test
    on loaded data counted as always true."""
    verbose = run_cli("analyze", str(GRIDDING), "-v").stdout
    assert "loop.convEng" not in verbose
    assert ("gridding_kernels_tile.cl:289:5: note: loop convEng.B1: trip count trips_convEng_L218 = at most"
            " numTiles_u*numTiles_v*trips_oskar_process_all_tiles_L107/trips_convEng_L241 (counted from the channel"
            " that feeds it) from the source" in verbose)
    given = [f"--set=trips_convEng_L{line}=8" for line in CONV_LOOPS]
    result = run_cli("analyze", str(GRIDDING), "--format", "json", "--set", "fmax=300", "--set", "numTiles_u=4",
                     "--set", "numTiles_v=4", "--set", "stride=1", "--set", "trips_oskar_process_all_tiles_L107=100",
                     *given)
    assert result.code == 0, result.stderr
    conv = next(kernel for kernel in json.loads(result.stdout)["kernels"] if kernel["name"] == "convEng")
    assert conv["estimate"]["free_symbols"] == []
    assert not [c for c in conv["estimate"]["extra"]["caveats"] if "pipeline time is not in this number" in c]
    b2, b11, b6 = 64 + 7 + 167, 64 + 7 + 65, 8 * (64 + 8 + 188 + 8)
    assert abs(conv["estimate"]["extra"]["compute_seconds"] - 8 * (b2 + b6 + b11 + 2) / 300e6) < 1e-12


def test_loops_a_macro_puts_on_one_line_keep_their_own_names() -> None:
    """Three nested while loops on one line (one macro, as caffe's
    ``LOAD_DATA_PAD_ENSURE_ZERO``), bounded by data: trips_sweep_L<line>,
    _2 and _3, in nesting order, and the store counts their product, not a
    cube."""
    source = MarkedSource("macro_loops.cl")
    (store,) = source.facts("sweep", [(LSUKind.STORE, "sweep")])
    line = source.line_of("sweep")
    assert store.accesses == f"trips_sweep_L{line}*trips_sweep_L{line}_2*trips_sweep_L{line}_3"


def test_caffe_s_macro_loops_count_from_the_sizes_in_param() -> None:
    """caffe's paddingLayer: the same three loops over ``param->outputChannel``,
    ``param->outputHeight`` and ``param->outputWidth``, a buffer the kernel
    never writes (decision 65): each its own count for the report's Block6,
    Block7 and Block8, from what the host writes into ``param``."""
    verbose = run_cli("analyze", str(CAFFE), "-v").stdout
    for block, field, dimension in (("Block6", "outputChannel", 0), ("Block7", "outputHeight", 1),
                                    ("Block8", "outputWidth", 2)):
        assert (f"note: loop {block}: trip count param_{field}/global_size{dimension} from the source (loop"
                f" `{'channel' if dimension == 0 else 'height' if dimension == 1 else 'width'}Counter <"
                f" param->{field}`") in verbose
    assert "trips_paddingLayer" not in verbose


CLBOOL_SCAN = CORPUS / "aoc" / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum" / "reports"


def test_a_required_work_group_size_fixes_get_local_size() -> None:
    """clBool's Blelloch scan, ``reqd_work_group_size(256,1,1)``: its two tree loops
    (``s = block_size >> 1; s > 0; s >>= 1`` and ``s = 1; s < block_size; s <<= 1``, with
    block_size = get_local_size(0)) run log2(256) = 8 times each; before, both were
    "not fixed per launch" symbols the user had to give."""
    verbose = run_cli("analyze", str(CLBOOL_SCAN), "-v").stdout
    prefix = "note: loop scan_blelloch."
    assert f"{prefix}B1: trip count 8 from the source (`s > 0` from 128, /2 each iteration)" in verbose
    assert f"{prefix}B3: trip count 8 from the source (`s < block_size` from 1, x2 each iteration)" in verbose
    assert "trips_scan_blelloch" not in verbose


def test_the_ask_says_which_loop_each_source_trip_count_is() -> None:
    """``to get a number, give`` named ``trips_convEng_L218`` and seven more
    with nothing to tell them apart; each now says its loop, as a report
    loop's ``loop.<kernel>.<block>.trip`` does, and an endless loop (convEng's
    ``while(1)``) says what its count means."""
    shown = run_cli("analyze", str(GRIDDING), "-v")
    assert shown.code == 0, shown.stderr
    said = {line.split(": ", 1)[0].strip(): line.split(": ", 1)[1] for line in shown.stdout.splitlines()
            if line.startswith("    trips_")}
    # the endless loop of line 218 is not asked for: the channel chVis that feeds it counts it (decision 52)
    assert set(said) == {f"trips_convEng_L{line}" for line in CONV_LOOPS if line != 218} | {
        "trips_oskar_process_all_tiles_L107"}
    # at most: the writer skips empty tiles behind `if (...) continue;` (line 92), a test on loaded data
    assert ("trips_convEng_L218 = numTiles_u*numTiles_v*trips_oskar_process_all_tiles_L107/trips_convEng_L241 at"
            " most: the endless loop at gridding_kernels_tile.cl:218 reads channel `chVis` trips_convEng_L241 time(s)"
            " per iteration") in run_cli("analyze", str(GRIDDING), "-v", "--min-severity", "note").stdout
    # where the channels cannot count it, the ask says what the endless loop's value means
    assert source_trip_loops(load_design(GRIDDING), ["trips_convEng_L218"])["trips_convEng_L218"] == (
        "the loop at gridding_kernels_tile.cl:218 `while(1)`: an endless loop, which runs as long as it is fed; give"
        " the iterations it runs while the host's kernels run (the items it handles)")
    assert said["trips_convEng_L228"] == "the loop at gridding_kernels_tile.cl:228 `for (int y=0; y<tileHeight; y++)`"
