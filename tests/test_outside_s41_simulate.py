"""The instrumenter and simulator on what public projects of the session 41
outside check do: each test is one finding, on hand-written fixtures in the
public shape."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import FIXTURES, run_cli
from tests.instrument_helpers import printed_with_model

BYTE_BUFFER = FIXTURES / "instrument" / "byte_buffer"
DATAFLOW = FIXTURES / "instrument" / "dataflow"
TOP_ONLY = FIXTURES / "instrument" / "dataflow_top_only"



def test_the_model_types_take_the_vendors_bytes_and_keep_their_arithmetic(tmp_path: Path) -> None:
    """The vendor's C simulation keeps an ap_int/ap_uint of W <= 64 bits in
    the smallest C integer of enough bytes (ap_private's valtype: 1, 2, 4,
    8), above 64 bits in ceil(W/64) 64-bit words, and an ap_fixed in the
    same ap_private of its total width; the model kept every width in 8
    bytes. A public Vitis 2024.1 RGB-to-gray testbench relies on it (it
    casts a byte buffer to ``const ap_uint<8>*``). Only the storage shrinks:
    values still wrap to the width, ap_int still sign-extends, an ap_uint
    narrower than 64 bits still compares with a negative ap_int as the
    vendor's signed result does, and an ap_fixed still holds its step
    exactly (a 24-bit value in its 4 bytes) and wraps to its range."""
    program = tmp_path / "sizes.cpp"
    program.write_text('#include <stdio.h>\n#include "ap_fixed.h"\nint main(void)\n{\n'
                       '    printf("%zu %zu %zu %zu %zu %zu\\n", sizeof(ap_uint<8>), sizeof(ap_uint<12>),'
                       ' sizeof(ap_int<33>), sizeof(ap_uint<65>), sizeof(ap_int<24>), sizeof(ap_int<64>));\n'
                       '    printf("%zu %zu %zu %zu\\n", sizeof(ap_fixed<8, 3>), sizeof(ap_ufixed<16, 8>),'
                       ' sizeof(ap_fixed<32, 16>), sizeof(ap_fixed<70, 10>));\n'
                       "    ap_uint<8> u = 250; u += 10;\n"
                       "    ap_int<8> s = 127; s += 1;\n"
                       "    ap_int<12> wide = -5; ap_uint<20> big = 1048575; big++;\n"
                       "    ap_fixed<24, 4> x = 1.0 / 3.0; ap_fixed<8, 3> y = 3.75; y += 0.5;\n"
                       "    ap_ufixed<16, 8> z = 255.99609375;\n"
                       '    printf("%d %d %d %d %d\\n", (int)u, (int)s, (int)wide, (int)big,'
                       " (int)(ap_int<8>(-1) < ap_uint<8>(1)));\n"
                       '    printf("%.10f %.4f %.8f\\n", x.to_double(), y.to_double(), z.to_double());\n'
                       "    return 0;\n}\n", encoding="utf-8")
    assert printed_with_model(program).splitlines() == ["1 2 8 16 4 8", "1 2 4 16", "4 -128 -5 0 1",
                                              "0.3333330154 -3.7500 255.99609375"]


def test_a_byte_buffer_cast_to_ap_uint8_is_simulated() -> None:
    """A public Vitis 2024.1 RGB-to-gray testbench passes
    ``reinterpret_cast<const ap_uint<8>*>(rgb.data())`` over a byte vector;
    with 8-byte ap_uint<8> the kernel read and wrote past the buffers and
    ``simulate`` died with SIGABRT ("munmap_chunk(): invalid pointer"). The
    fixture's 10 bytes run its loop 10 times (II 1, depth 2: 11 cycles) and
    the module's own cycle (fixtures/instrument/README)."""
    result = run_cli("simulate", str(BYTE_BUFFER / "add_one.cpp"), "--report", str(BYTE_BUFFER / "report"),
                     "--testbench", str(BYTE_BUFFER / "tb.cpp"))
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "total: 12 cycles = 120 ns at 10 ns" in lines
    assert "    ADD                          line 9     pipelined  trip count           10  cycles             11" \
        in lines


def test_tcl_options_after_the_location_are_read(tmp_path: Path) -> None:
    """Vivado reads a directive's options and its location in any order: a
    public Vivado HLS 2019.1 Cholesky wrote ``set_directive_unroll
    cholesky_alt/sum_loop -factor 64`` and was told "directive unroll for
    '64' names no function" (the last word was taken for the location).
    The flags of UG902/UG1399 (``-skip_exit_check``, ``-rewind``, ``-off``,
    ``-recursive``) take no value; every other option takes the next word."""
    from hlsight.analyzer.instrument.directives import parse_directives

    tcl = tmp_path / "directives.tcl"
    tcl.write_text('set_directive_unroll k/sum_loop -factor 64\n'
                   'set_directive_unroll -factor 64 k/sum_loop\n'
                   'set_directive_unroll -skip_exit_check k/col -factor 4\n'
                   'set_directive_pipeline k/row -rewind -II 2\n'
                   'set_directive_pipeline -off "k/tail"\n'
                   'set_directive_inline -recursive helper\n'
                   'set_directive_array_partition k buf -type cyclic -factor 2\n', encoding="utf-8")
    found = [(d.name, d.function, d.label, d.options) for d in parse_directives(tcl)]
    assert found == [
        ("unroll", "k", "sum_loop", ("factor=64",)),
        ("unroll", "k", "sum_loop", ("factor=64",)),
        ("unroll", "k", "col", ("skip_exit_check", "factor=4")),
        ("pipeline", "k", "row", ("rewind", "II=2")),
        ("pipeline", "k", "tail", ("off",)),
        ("inline", "helper", None, ("recursive",)),
        ("array_partition", "k", None, ("type=cyclic", "factor=2", "variable=buf")),
    ]


def test_a_process_without_its_own_report_is_named_for_it() -> None:
    """A public Vitis 2024.1 RGB-to-gray design committed only its top's
    csynth report: its three dataflow processes, plain static functions of
    the same .cpp, were said to be "no function hlsight instruments (a
    template or class member, or defined elsewhere)". The dataflow fixture
    with only the top's text report (its processes listed as instances,
    latencies '?', as there): the reason given is the missing reports."""
    result = run_cli("simulate", str(DATAFLOW / "df.c"), "--report", str(TOP_ONLY / "report"), "--testbench",
                     str(DATAFLOW / "tb.c"), "--top", "df_top")
    assert result.code == 0, result.stderr
    assert (f"{DATAFLOW / 'df.c'}:23: warning: dataflow region 'df_top': its processes produce, consume are functions"
            " of the source without a report of their own (no produce_csynth.rpt/.xml, consume_csynth.rpt/.xml in the"
            " report folder): eq. 3 cannot count them [instrument-call-not-counted]") in result.stdout.splitlines()
    assert "no function hlsight instruments" not in result.stdout
