"""A sweep's cautions are those of the points they hold at, including points
inside the grid (its first and last points alone missed a bound that
switches in the middle), and its JSON keeps per point only what varies,
valid against docs/whatif.schema.json."""

from __future__ import annotations

import csv
import io
import json
import warnings

import jsonschema
import numpy as np
import sympy

from hlsight.analyzer.estimate.kernel import bound_from
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import read_bound
from hlsight.analyzer.whatif import Sweep, _on_grid, grid_bounds, lambdify
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, REPO, run_cli, whatif_points

SCHEMA = json.loads((REPO / "docs" / "whatif.schema.json").read_text(encoding="utf-8"))
#: oneAPI fpga_compile sample: VectorAdd.B1 has II ~280, compute-bound unless the DRAM clock is starved
VECTOR_ADD = str(CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "vector_add_opt_2")
AXPY_HBM = str(CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy")
VECTORADD = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"
APPROXIMATE = "the pipeline time rests on approximate IIs"
LAUNCH_SHARE = "the fixed per-launch cost (47 us) is"


def _caveats(path: str, *given: str) -> list[str]:
    result = run_cli("analyze", path, *given, "--format", "json")
    assert result.code == 0, result.stderr
    caveats: list[str] = json.loads(result.stdout)["estimate"]["extra"]["caveats"]
    return caveats


def test_a_caution_of_the_middle_points_only_is_said() -> None:
    """f_dram = 1 MHz starves the memory (memory-bound, no II caution); at
    1200 MHz the approximate II bounds the kernel: the header said nothing."""
    assert not any(APPROXIMATE in caveat for caveat in _caveats(VECTOR_ADD, "--set", "f_dram=1"))
    assert any(APPROXIMATE in caveat for caveat in _caveats(VECTOR_ADD, "--set", "f_dram=1200"))
    text = run_cli("whatif", VECTOR_ADD, "--sweep", "f_dram=1,1200,1")
    assert text.code == 0, text.stderr
    assert f"# caution (at 1 of 3 points, from f_dram=1200): {APPROXIMATE}" in text.stdout
    document = json.loads(run_cli("whatif", VECTOR_ADD, "--sweep", "f_dram=1,1200,1", "--format", "json").stdout)
    jsonschema.validate(document, SCHEMA)
    held = [any(APPROXIMATE in caution for caution in point["cautions"]) for point in whatif_points(document)]
    assert held == [False, True, False]


def test_a_range_sweep_says_where_the_bound_switches() -> None:
    """A range from a starved DRAM clock up: the caution holds from the switch on, as analyze says at each side."""
    document = json.loads(run_cli("whatif", VECTOR_ADD, "--sweep", "f_dram=1:1200:25", "--format", "json").stdout)
    points = whatif_points(document)
    held = [point["f_dram"] for point in points if any(APPROXIMATE in caution for caution in point["cautions"])]
    assert held and held[-1] == 1200 and held[0] > 1
    first, before = held[0], max(point["f_dram"] for point in points if point["f_dram"] < held[0])
    assert any(APPROXIMATE in caveat for caveat in _caveats(VECTOR_ADD, "--set", f"f_dram={first!r}"))
    assert not any(APPROXIMATE in caveat for caveat in _caveats(VECTOR_ADD, "--set", f"f_dram={before!r}"))


def test_the_launch_cost_share_is_said_at_every_point() -> None:
    """hbm2-s10mx adds 47 us per launch: at N = 10 it is almost all of the
    design time (analyze says so), at N = 1e9 nothing; the middle point of
    1e9, 10, 1e9 had no caution."""
    assert any(caveat.startswith(LAUNCH_SHARE) for caveat in _caveats(AXPY_HBM, "--set", "N=10"))
    assert not any(caveat.startswith(LAUNCH_SHARE) for caveat in _caveats(AXPY_HBM, "--set", "N=1e9"))
    text = run_cli("whatif", AXPY_HBM, "--sweep", "N=1e9,10,1e9")
    assert text.code == 0, text.stderr
    assert f"# caution: {LAUNCH_SHARE} 97% of the design time at 1 of 3 points; the kernels themselves take" \
        in text.stdout
    document = json.loads(run_cli("whatif", AXPY_HBM, "--sweep", "N=1e9,10,1e9", "--format", "json").stdout)
    shares = [[caution for caution in point["cautions"] if caution.startswith(LAUNCH_SHARE)]
              for point in whatif_points(document)]
    assert [bool(share) for share in shares] == [False, True, False]


def test_sweep_and_solve_json_are_schema_valid_and_compact() -> None:
    """10^5 points: columns, not an object per point (the bound and the
    cautions by reference); the numbers are the CSV's."""
    args = ("whatif", str(VECTORADD), "--sweep", "work_items=1:100000:100000")
    document = json.loads(run_cli(*args, "--format", "json").stdout)
    jsonschema.validate(document, SCHEMA)
    points = document["points"]
    assert points["count"] == 100_000 and points["work_items"][:3] == [1, 2, 3]  # a count: integers
    assert {len(column) for name, column in points.items() if name != "count"} == {100_000}
    assert set(points["bound"]) <= set(range(len(document["bounds"])))
    assert set(points["cautions"]) <= set(range(len(document["caution_sets"])))
    text = run_cli(*args, "--format", "json").stdout
    assert len(text) / 100_000 < 40  # bytes per point (an object per point, indented: about 100)
    rows = list(csv.DictReader(io.StringIO(run_cli(*args, "--format", "csv").stdout)))
    assert [float(row["seconds"]) for row in rows[:: 9973]] == \
        [float(f"{seconds:.10g}") for seconds in points["seconds"][:: 9973]]
    assert [row["bound"] for row in rows[:: 9973]] == [document["bounds"][i] for i in points["bound"][:: 9973]]
    solved = json.loads(run_cli("whatif", str(VECTORADD), "--solve", "work_items", "--for-time", "10ms",
                                "--format", "json").stdout)
    jsonschema.validate(solved, SCHEMA)


def test_bounds_by_kind_equal_bounds_point_by_point() -> None:
    """The bound functions run once per kind of point: on a real grid whose
    bound changes (work_items x fmax), every point's label is the one the
    functions give for its own numbers."""
    result = analyze(load_design(VECTORADD), {"work_items": 1.0, "fmax": 100.0})
    estimate = result.design_estimate
    assert estimate is not None and estimate.bound_terms is not None
    sweeps = [Sweep("work_items", np.geomspace(1, 1e9, 40)), Sweep("fmax", np.linspace(1, 600, 40))]
    values = dict(estimate.values)
    found = grid_bounds(estimate, values, sweeps)
    assert found is not None and len(found.kinds) > 1
    terms = estimate.bound_terms
    columns = [_on_grid(part, values, sweeps) for part in (terms.memory, terms.compute, terms.pipeline,
                                                           terms.saturated)]
    listed = [column.tolist() if column is not None else [None] * 1600 for column in columns]
    expected = []
    for memory, compute, pipeline, saturated in zip(*listed, strict=True):
        eq7 = bound_from(memory, compute, saturated, terms.memory is not None, terms.host_lsus)
        expected.append(read_bound(eq7, memory, pipeline, saturated, False))
    assert found.labels() == expected


def test_a_point_that_divides_by_zero_prints_no_numpy_warning() -> None:
    """A sweep point where a count divides by zero is NaN/inf, which the
    callers turn into one clear message; numpy's RuntimeWarning printed the
    generated function's source to stderr first."""
    x = sympy.Symbol("x", positive=True)  # the estimate's symbols are positive reals (symbols.sym)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a RuntimeWarning would raise here
        values = lambdify(1 / x, ["x"])(np.array([0.0, 1.0]))
    assert not np.isfinite(values[0]) and values[1] == 1.0  # without the errstate: "divide by zero" raises
