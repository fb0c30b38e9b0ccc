"""What the seventh outside sweep (session 37) showed of the analysis of
reports whose sources are missing or unread: each test one finding, on a
corpus report of the same shape."""

from __future__ import annotations

from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"


def test_a_flattened_nest_asks_for_the_product_of_its_counts() -> None:
    """A public Vitis 2022.2 top-k kernel's source went unread; its loop
    ``VITIS_LOOP_24_3_VITIS_LOOP_27_4`` was described by its outer level
    alone (`for (int i = 0; i < k; i++)`), so a user gave k (1) where the
    loop runs 238 x k times (890 cycles instead of 1,601). The name joins
    both levels: the product is asked for. polybench lu (no source in the
    corpus) has the same shape."""
    result = run_cli("analyze", str(VIVADO / "vitis2022.2.2_polybench_lu"))
    assert ("    loop.lu.VITIS_LOOP_17_4_VITIS_LOOP_18_5.trip: the loop at lu.cpp:17; its name joins the loops at"
            " lines 17, 18, a nest the tool flattened: the product of their counts; the report gives a trip count"
            " of 0 ~ 1560") in result.stdout.splitlines()
