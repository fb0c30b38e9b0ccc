"""The model's command-line surface on real reports: analyze estimates and
hints, --set/--hints validation, memory profiles, whatif sweeps and solving."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import CORPUS, REPO, run_cli, whatif_points

VECTORADD = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
CNA_V2 = str(CORPUS / "zaragoza" / "reports" / "hbm2" / "micro-cna-2_0")
ROW = ("--set", "work_items=32768000", "--set", "element_bytes=4", "--set", "stride=1")


def _json(*argv: str) -> dict:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code == 0, result.stderr
    data: dict = json.loads(result.stdout)
    return data


def test_analyze_json_has_estimate_and_hints_and_matches_schema() -> None:
    data = _json(VECTORADD, *ROW)
    schema = json.loads((REPO / "docs" / "hlsight.schema.json").read_text())
    jsonschema.validate(data, schema)
    estimate = data["kernels"][0]["estimate"]
    # 3 x (T_ideal + T_ovh) on DDR4-1866 with 0.965 controller efficiency (docs/model.md)
    ideal = 4 * 32768000 / (8 * 2 * 933.33e6 * 0.965)
    ovh = 4 * 32768000 / 2048 * 27e-9
    assert estimate["seconds"] == pytest.approx(3 * (ideal + ovh), rel=1e-6)
    assert estimate["bound"] == "memory"
    assert estimate["free_symbols"] == []
    assert len(estimate["per_lsu"]) == 3 and all(term["T_ovh"] > 0 for term in estimate["per_lsu"])
    assert data["estimate"]["seconds"] == pytest.approx(estimate["seconds"])
    rules = {diag["rule"]: diag for diag in data["diagnostics"]}
    shared = rules["mem-shared-bank"]
    assert shared["file"].endswith("test_bw10.cl") and shared["line"] == 32


def test_missing_values_stay_symbols() -> None:
    # the source analysis fixes stride and element size per LSU; the problem size stays open
    estimate = _json(VECTORADD)["kernels"][0]["estimate"]
    assert estimate["seconds"] is None
    assert estimate["free_symbols"] == ["work_items"]
    assert "work_items" in estimate["expression"]


def test_unknown_set_name_lists_valid_names() -> None:
    result = run_cli("analyze", VECTORADD, "--set", "work_itemz=5")
    assert result.code == 2
    assert "unknown name 'work_itemz'; did you mean work_items?" in result.stderr
    far = run_cli("analyze", VECTORADD, "--set", "nothing_like_it=5")
    assert far.code == 2 and "work_items" in far.stderr and "lsu.test_multiplereads/load0.stride" in far.stderr


def test_hints_file_per_lsu_stride_precedes_global(tmp_path: Path) -> None:
    hints = tmp_path / "hints.toml"
    hints.write_text(
        'work_items = 32768000\nelement_bytes = 4\nstride = 1\n[lsu."test_multiplereads/store0"]\nstride = 4\n'
    )
    plain = _json(VECTORADD, *ROW)["kernels"][0]["estimate"]
    hinted = _json(VECTORADD, "--hints", str(hints))["kernels"][0]["estimate"]
    store = next(term for term in hinted["per_lsu"] if term["id"].endswith("store0"))
    plain_store = next(term for term in plain["per_lsu"] if term["id"].endswith("store0"))
    assert store["T_ideal"] == pytest.approx(4 * plain_store["T_ideal"], rel=1e-9)
    assert hinted["seconds"] > plain["seconds"]


def test_bad_hints_file_is_an_input_error(tmp_path: Path) -> None:
    hints = tmp_path / "hints.toml"
    hints.write_text("work_items = [1, 2\n")
    result = run_cli("analyze", VECTORADD, "--hints", str(hints))
    assert result.code == 2 and "malformed TOML" in result.stderr and "Traceback" not in result.stderr


def test_memory_list_and_show() -> None:
    listing = run_cli("memory", "list")
    assert listing.code == 0
    names = [line.split()[0] for line in listing.stdout.splitlines()]
    assert names == sorted(
        [
            *("ddr4-1866", "ddr4-2666", "hbm2-s10mx", "ddr3-1333-7v3", "ddr3-1333-ku3", "hbm2-u280", "ddr4-u280",
              "ddr4-u250"),
            *("ddr4-2400-520n", "ddr4-2133-a10pac", "ddr4-2400-d5005", "ddr4-2133-a10gx", "ddr3-1600-de5net",
              "ddr3-800-c5soc"),
            "ddr3-1066-zynq", "ddr4-2400-n6001", "ddr4-2666-de10agilex", "ddr4-2400-zynqmp", "ddr4-2133-f1",
        ]
    )
    shown = run_cli("memory", "show", "hbm2-s10mx")
    assert "T_RCD" in shown.stdout and "14 ns" in shown.stdout and "Table 3" in shown.stdout
    assert run_cli("memory", "show", "ddr9").code == 2


def test_user_memory_profile_changes_the_estimate(tmp_path: Path) -> None:
    profile = tmp_path / "fast.toml"
    profile.write_text(
        'name = "fast"\nkind = "ddr"\n[timing]\nf_dram_mhz = 1866.66\ndq_bytes = 8\nbl = 8\n'
        "t_rcd_ns = 13.5\nt_rp_ns = 13.5\nt_wr_ns = 15\n"
    )
    fast = _json(VECTORADD, *ROW, "--memory", str(profile))["kernels"][0]["estimate"]
    slow = _json(VECTORADD, *ROW)["kernels"][0]["estimate"]
    assert fast["seconds"] < slow["seconds"]
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "x"\n[timing]\nf_dram_mhz = 1\n')
    result = run_cli("analyze", VECTORADD, "--memory", str(broken))
    assert result.code == 2 and "dq_bytes" in result.stderr
    # sizes every bandwidth divides by must be positive (dq_bytes = 0 was a traceback), whole
    # where they count bytes or beats, and no field may be infinite (TOML's 1e400)
    good = profile.read_text()
    for field, value, expected in (("dq_bytes = 8", "dq_bytes = 0", "a positive whole number"),
                                   ("bl = 8", "bl = 0", "a positive whole number"),
                                   ("dq_bytes = 8", "dq_bytes = 8.5", "a positive whole number"),
                                   ("f_dram_mhz = 1866.66", "f_dram_mhz = 0", "a positive number"),
                                   ("t_wr_ns = 15", "t_wr_ns = 1e400", "a finite non-negative number"),
                                   # a negative size or efficiency is told what it must be, not "non-negative"
                                   ("dq_bytes = 8", "dq_bytes = -8", "a positive whole number"),
                                   ("f_dram_mhz = 1866.66", "f_dram_mhz = -1", "a positive number"),
                                   ("t_wr_ns = 15", "t_wr_ns = 15\n[bandwidth]\nefficiency = -0.5",
                                    "a fraction in (0, 1]")):
        broken.write_text(good.replace(field, value))
        for command in ("analyze", "whatif"):
            refused = run_cli(command, VECTORADD, *ROW, "--memory", str(broken))
            assert refused.code == 2 and refused.stdout == "" and "Traceback" not in refused.stderr, value
            assert refused.stderr.startswith(f"hlsight: error: {broken}: memory profile field") and expected in \
                refused.stderr, refused.stderr


def test_whatif_sweep_is_linear_in_stride() -> None:
    name = "lsu.test_multiplereads/load0.stride"
    result = run_cli(
        "whatif", VECTORADD, "--set", "work_items=32768000", "--sweep", f"{name}=1,2,3,4", "--format", "csv",
    )
    assert result.code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    times = [float(row["seconds"]) for row in rows]
    assert [float(row[f"{name} [elements]"]) for row in rows] == [1, 2, 3, 4]  # the unit in the heading
    # eq. 2: delta multiplies this LSU's term (T_ideal + T_ovh), the others' stay; the three LSUs are alike
    data = json.loads(run_cli("analyze", VECTORADD, "--set", "work_items=32768000", "--format", "json").stdout)
    terms = data["kernels"][0]["estimate"]["per_lsu"]
    ideal, ovh = terms[0]["T_ideal"], terms[0]["T_ovh"]
    assert all((term["T_ideal"], term["T_ovh"]) == (ideal, ovh) for term in terms)
    assert times[0] == pytest.approx(3 * (ideal + ovh), rel=1e-9)
    assert times[1] - times[0] == pytest.approx(ideal + ovh, rel=1e-9)
    # past delta 2 the load's bursts outnumber the other two streams' together: the bank turns between
    # streams at most twice per burst of those (decision 55), so eq. 8's misses are capped at 2 x 2 bursts' worth
    for delta, time in zip((3, 4), times[2:], strict=True):
        assert time == pytest.approx((delta + 2) * ideal + 4 * ovh, rel=1e-9), delta
    # the global stride no longer matters once the source analysis fixed every LSU's stride
    flat = run_cli("whatif", VECTORADD, "--set", "work_items=32768000", "--sweep", "stride=1,2")
    assert flat.code == 2 and "does not depend on 'stride'" in flat.stderr


def test_whatif_grid_and_json() -> None:
    result = run_cli(
        "whatif", VECTORADD, "--set", "element_bytes=4", "--set", "stride=1",
        "--sweep", "work_items=1e6:1e7:10", "--sweep", "fmax=200,400", "--format", "json",
    )
    assert result.code == 0, result.stderr
    points = whatif_points(json.loads(result.stdout))
    assert len(points) == 20
    assert points[-1]["seconds"] > points[0]["seconds"]


def test_whatif_solve_fmax_for_a_pipeline_limited_kernel() -> None:
    # one 256-bit non-aligned store per HBM channel at V=2: its memory time
    # (with the coalescer's 0.51 ns per request, decision 15) is 41.7 ms
    # (measured 40.9-41.7 ms), so no clock gives 40 ms; below ~364 MHz the
    # pipeline limits, and 45 ms has one solution
    floor = run_cli(
        "whatif", CNA_V2, "--set", "work_items=32768000", "--set", "element_bytes=4", "--set", "stride=3",
        "--solve", "fmax", "--for-time", "0.04",
    )
    assert floor.code == 2
    assert "no fmax up to 1e+15 (the search's limit) gives 40 ms: the estimate ranges over [41.7 ms" in floor.stderr
    result = run_cli(
        "whatif", CNA_V2, "--set", "work_items=32768000", "--set", "element_bytes=4", "--set", "stride=3",
        "--solve", "fmax", "--for-time", "0.045",
    )
    assert result.code == 0, result.stderr
    value = float(result.stdout.split("=")[1].split()[0])
    check = run_cli(
        "whatif", CNA_V2, "--set", "work_items=32768000", "--set", "element_bytes=4", "--set", "stride=3",
        "--set", f"fmax={value}", "--format", "csv",
    )
    seconds = float(next(iter(csv.DictReader(io.StringIO(check.stdout))))["seconds"])
    assert seconds == pytest.approx(0.045, rel=1e-5)  # the solution is printed with 6 significant digits


def test_whatif_reports_unbound_symbols() -> None:
    result = run_cli("whatif", VECTORADD, "--sweep", "fmax=100,200")
    assert result.code == 2
    assert "still depends on" in result.stderr and "work_items" in result.stderr
    bad = run_cli("whatif", VECTORADD, *ROW, "--sweep", "stride=1:4")
    assert bad.code == 2 and "start:stop:count" in bad.stderr


def test_whatif_design_time_is_analyze_design_time() -> None:
    """A sweep point at the analyze inputs prints analyze's number: the
    design time includes the profile's launch cost, and the header says so
    (with the cautions analyze prints beside its number)."""
    wm = str(CORPUS / "zaragoza" / "reports" / "hbm2" / "wm")
    analyzed = json.loads(run_cli("analyze", wm, "--set", "iterations=50635", "--format", "json").stdout)
    swept = run_cli("whatif", wm, "--sweep", "iterations=50635", "--format", "json")
    assert swept.code == 0, swept.stderr
    data = json.loads(swept.stdout)
    assert data["points"]["seconds"][0] == pytest.approx(analyzed["estimate"]["seconds"], rel=1e-9)
    assert data["notes"] == ["design time includes 47 us per launch (hbm2-s10mx [launch] overhead_us)"]
    text = run_cli("whatif", str(CORPUS / "zaragoza" / "reports" / "hbm2" / "stride6"), "--sweep", "work_items=1e6")
    assert "# caution: narrow per-lane LSUs split from one access" in text.stdout
    kernel = json.loads(run_cli("whatif", wm, "--sweep", "iterations=50635", "--kernel", "apply_watermark",
                                "--format", "json").stdout)
    assert kernel["notes"] == [] and kernel["points"]["seconds"][0] < data["points"]["seconds"][0] - 40e-6


def test_a_misspelt_profile_key_is_refused_not_ignored(tmp_path: Path) -> None:
    """``efficency = 0.5`` was read as no efficiency: the default stayed and
    the estimate moved without a word (57.5 ms -> 56 ms on vectoradd)."""
    profile = tmp_path / "typo.toml"
    profile.write_text((REPO / "analyzer" / "profiles" / "ddr4-1866.toml").read_text()
                       .replace("\nefficiency = ", "\nefficency = "))
    for argv in (("analyze", VECTORADD, *ROW, "--memory", str(profile)), ("memory", "show", str(profile))):
        refused = run_cli(*argv)
        assert refused.code == 2 and refused.stdout == "" and "Traceback" not in refused.stderr
        assert refused.stderr.startswith(f"hlsight: error: {profile}: memory profile key [bandwidth] 'efficency'"
                                         " is not one hlsight reads (did you mean 'efficiency'?)")


def test_a_non_finite_number_is_null_in_json_and_sarif(tmp_path: Path) -> None:
    """A profile with absurd sizes (f_dram 1e300 MHz, 1e300 B per beat)
    made f_min and supply infinite: 13 bare ``Infinity`` tokens, which is
    not JSON (Node's JSON.parse refused the document)."""
    profile = tmp_path / "huge.toml"
    profile.write_text('name = "huge"\nkind = "ddr"\n[timing]\nf_dram_mhz = 1e300\ndq_bytes = 1e300\nbl = 8\n'
                       "t_rcd_ns = 13.5\nt_rp_ns = 13.5\nt_wr_ns = 15\n")
    for fmt in ("json", "sarif"):
        result = run_cli("analyze", VECTORADD, *ROW, "--memory", str(profile), "--format", fmt)
        assert result.code == 0, result.stderr
        assert "Infinity" not in result.stdout and "NaN" not in result.stdout
        document = json.loads(result.stdout, parse_constant=lambda token: pytest.fail(f"non-JSON {token}"))
        if fmt == "json":
            jsonschema.validate(document, json.loads((REPO / "docs" / "hlsight.schema.json").read_text()))
