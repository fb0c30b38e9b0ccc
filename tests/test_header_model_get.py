"""The header model's ``get()``: the vendor's ap_int_base returns itself
("Get self. For ap_concat_ref expansion", ap_int_base.h). A public Vivado
HLS 2018.3 convolution's testbench (JTP75/Advanced-Digital-Design lab 6,
not in the corpus) checks each AXI beat's ``val.keep.get() != 0x1``: the
testbench did not compile against the model, so ``simulate`` stopped (it
counts the report's 262,661 cycles once it does)."""

from __future__ import annotations

from pathlib import Path

from tests.instrument_helpers import printed_with_model


def test_get_returns_the_value_itself(tmp_path: Path) -> None:
    program = tmp_path / "get.cpp"
    program.write_text(
        "#include <ap_int.h>\n#include <ap_axi_sdata.h>\n#include <cstdio>\nint main() {\n"
        "    ap_axiu<8, 1, 1, 1> beat; beat.keep = 1; beat.last = 1;\n"
        "    ap_uint<4> n = 9; n.get() += 3;\n"
        "    const ap_int<8> c = -2;\n"
        "    printf(\"%d %d %d %d\\n\", beat.keep.get() != 0x1, beat.last.get_bit(0), (int)n, (int)c.get());\n"
        "    return 0;\n}\n", encoding="utf-8")
    assert printed_with_model(program).splitlines() == ["0 1 12 -2"]
