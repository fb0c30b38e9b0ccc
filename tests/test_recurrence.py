"""A value carried from one iteration to the next as the reason for a
pipelined loop's II (decision 82; analyzer/access/recurrence.py, the
bind-op table of parsers/vivado/bind_ops.py).

The real case: MachSuite spmv (crs), Vitis 2022.2.2, in
``../shared/instrument``: ``spmv_2`` runs at II 4 with "the report gives no
reason"; its body computes ``sum = sum + Si`` and the summary's Bind Op
Report binds ``sum_1`` to a ``dadd`` of latency 4.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.recurrence import carried_updates, recurrence_reason
from hlsight.core.model import BoundOperator
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.vivado.bind_ops import read_bind_ops
from tests.conftest import run_cli

SPMV = Path(__file__).resolve().parents[2] / "shared" / "instrument" / "vitis2022.2.2_machsuite_spmv_crs"


def test_the_bind_op_table_is_read_per_module() -> None:
    operators, diagnostics = read_bind_ops(SPMV / "report" / "csynth.rpt")
    assert diagnostics == []
    assert operators["spmv_Pipeline_spmv_2"] == [
        BoundOperator("Si", "dmul", "maxdsp", 4), BoundOperator("sum_1", "dadd", "fulldsp", 4),
        BoundOperator("add_ln17", "add", "fabric", 0)]
    assert [operator.variable for operator in operators["spmv"]] == ["add_ln16", "add_ln16_1"]


def test_a_cut_bind_op_table_is_a_warning(tmp_path: Path) -> None:
    text = (SPMV / "report" / "csynth.rpt").read_text()
    cut = text[:text.index("dadd_64ns")]
    (tmp_path / "csynth.rpt").write_text(cut)
    operators, diagnostics = read_bind_ops(tmp_path / "csynth.rpt")
    assert operators == {}
    assert [diagnostic.rule for diagnostic in diagnostics] == ["vivado-bind-ops"]
    assert "bind-op table cut short" in diagnostics[0].message


LOOP = """void f(double *a, double *b, double *out, int n) {
  double sum = 0, prod = 1, fresh;
  for (int j = 0; j < n; j++) {
    double t = a[j];
    t += b[j];
    sum = sum + a[j] * b[j];
    prod *= b[j];
    fresh = a[j] - b[j];
    out[j] += t;
  }
  out[0] = sum + prod + fresh;
}
"""


def _loop_body() -> c_ast.Node:
    unit = parse_c_text(LOOP, "f.c")
    return next(item for item in unit.functions()["f"].body.block_items if isinstance(item, c_ast.For)).stmt


def _updates() -> list[tuple[str, str, int]]:
    return [(update.name, update.operator, update.line) for update in carried_updates(_loop_body())]


def test_the_carried_updates_are_the_scalars_updated_from_their_own_value() -> None:
    """``t`` is declared in the body (a fresh value each iteration), ``fresh``
    does not read itself, ``out[j]`` is an element whose address moves."""
    assert _updates() == [("sum", "+", 6), ("prod", "*", 7)]


@pytest.mark.parametrize(("ii", "operators", "said"), [
    (4, [BoundOperator("sum_1", "dadd", "fulldsp", 4)], "`sum`"),
    (5, [BoundOperator("sum_1", "dadd", "fulldsp", 4)], None),  # another latency: not the reason
    (4, [BoundOperator("sum_1", "dmul", "maxdsp", 4)], None),  # not the update's operator
    (4, [BoundOperator("summary", "dadd", "fulldsp", 4)], None),  # another variable
    (6, [BoundOperator("prod", "dmul", "maxdsp", 6)], "`prod`"),
    # two updates that would each explain it: which one is not told
    (4, [BoundOperator("sum", "dadd", "fulldsp", 4), BoundOperator("prod_2", "dmul", "maxdsp", 4)], None),
])
def test_the_reason_is_said_only_when_one_operator_s_latency_is_the_ii(
        ii: int, operators: list[BoundOperator], said: str | None) -> None:
    reason = recurrence_reason(carried_updates(_loop_body()), operators, ii)
    assert (reason is None) == (said is None)
    if said is not None and reason is not None:
        assert reason.startswith(f"recurrence: {said} is carried from one iteration to the next")


def test_the_hint_gives_spmv_s_recurrence() -> None:
    result = run_cli("analyze", str(SPMV / "report"))
    hint = next(line for line in result.stdout.splitlines() + result.stderr.splitlines() if "[loop-ii]" in line)
    assert hint.endswith(
        "loop spmv_2 has II 4: one iteration every 4 cycles (the report gives no reason; the source: recurrence:"
        " `sum` is carried from one iteration to the next (`sum = sum + Si`, line 20) through dadd (fulldsp) of"
        " latency 4 in the report's bind-op table: each iteration waits for the last one's dadd) [loop-ii]")
