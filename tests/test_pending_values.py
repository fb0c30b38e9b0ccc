"""The values to give list everything a complete number needs.

When loop trip counts (or an implausible II) keep a pipeline time out of the
number, the memory time alone is printed as a lower bound; the names that
pipeline time needs are also listed with the values to give, so giving the
list completes the number. (HPCC GEMM on the 520N, checked outside the
corpus: giving only the listed names produced a 215 ms memory-only figure
for a 19.8 s compute-bound run.) aoc 18.1 lenet5: the report's II of two
loops is implausible, so their II are names the pipeline time needs.
"""

from __future__ import annotations

import json

from tests.conftest import CORPUS, run_cli

LENET5 = CORPUS / "aoc" / "aoc18.1_c5soc_lenet5" / "reports"
IIS = ["loop.conv2d.B1.ii", "loop.fc_layer.B1.ii"]


def test_the_list_holds_what_the_pipeline_time_needs() -> None:
    text = run_cli("analyze", str(LENET5), "-v").stdout
    line = next(line for line in text.splitlines() if line.startswith("  to get a number, give:"))
    for name in (*IIS, "in_ch", "in_dim", "work_items"):
        assert f"--set {name}=VALUE" in line


def test_a_number_without_its_pipeline_time_says_what_completes_it() -> None:
    given = ("--set", "fmax=100", "--set", "in_ch=6", "--set", "in_dim=400", "--set", "out_size=10",
             "--set", "out_dim=1000", "--set", "work_items=1000",  # fc_layer: `if (m >= out_dim) return;`
             # conv2d counts the work-items inside its 3-D launch (m < out_ch, r < out_size, c < out_size)
             "--set", "out_ch=10", *(f"--set=conv2d:global_size{d}=10" for d in range(3)))
    text = run_cli("analyze", str(LENET5), *given).stdout
    assert "lower bound" in text
    line = next(line for line in text.splitlines() if "to complete the number" in line)
    assert line == "  to complete the number (its pipeline time), give: " + " ".join(f"--set {n}=VALUE" for n in IIS)
    payload = json.loads(run_cli("analyze", str(LENET5), *given, "--format", "json").stdout)
    assert payload["estimate"]["free_symbols"] == []
    assert sorted({name for kernel in payload["kernels"] for name in kernel["estimate"]["pending_symbols"]}) == IIS
    done = run_cli("analyze", str(LENET5), *given, *(f"--set={n}=1" for n in IIS)).stdout
    assert "to complete the number" not in done and "to get a number" not in done
