"""A C design that includes Vivado's ``ap_cint.h`` is parsed and built
against hlsight's model of it (``parsers/cxx/hls_include/ap_cint.h``) when
no ``--hls-include`` is given, as a C++ design gets the model of the C++
headers.

Found on Deepsavani/DES-Decryption-Implemented-in-Vivado-HLS (Vivado HLS
2019.1, C): ``desDecrypt.c`` includes ``<ap_cint.h>`` and uses none of its
types. The model's folder reached a C parse only through
``--hls-include``, so ``simulate`` stopped at the preprocessor ("ap_cint.h:
No such file or directory", exit 2) where ``analyze`` read the design; now
it runs (4,984 cycles, as with an empty stub header on the include path).
"""

from __future__ import annotations

from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "c_ap_cint"


def test_a_c_design_including_ap_cint_h_simulates_against_the_model_header() -> None:
    """By hand from the report: ``unroll2`` runs 56 trips of iteration
    latency 2 (112 cycles), and ``key_pc`` adds its own cycle: 113."""
    document = run_json("simulate", str(FOLDER / "key_pc.c"), "--report", str(FOLDER / "report"), "--testbench",
                        str(FOLDER / "tb.c"))
    assert document["cycles"] == 113
    (function,) = document["functions"]
    assert [(loop["name"], loop["trip_count_total"], loop["cycles"]) for loop in function["loops"]] == [
        ("unroll2", 56, 112)]
