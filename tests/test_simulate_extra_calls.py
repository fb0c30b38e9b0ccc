"""``simulate`` on a top whose callees are defined in another file (given
with ``--extra``, compiled unchanged): those calls have no counter of their
own, and the output says how they count (outside check: a public Vivado HLS
2016.4 SHA-256 kept sha256_update and sha256_final in sha256_impl.c;
simulate printed the top's loop only and said nothing of either call).

The reports are the hand-written ``fixtures/vhls2016_call_in_loop`` mix_update
and, written here, a top of latency "?" calling it from its Loop 1 and a
5-cycle mix_final after the loop.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli

REPO = Path(__file__).resolve().parents[1]
MIX_UPDATE = REPO / "fixtures" / "vhls2016_call_in_loop" / "mix_update_csynth.rpt"


def _reports(folder: Path) -> Path:
    text = MIX_UPDATE.read_text(encoding="utf-8")
    folder.mkdir()
    (folder / "mix_update_csynth.rpt").write_text(text, encoding="utf-8")
    top = (text.replace("Report for 'mix_update'", "Report for 'mix_top'")
           .replace("|    1|  4865|    1|  4865|   none  |", "|    ?|     ?|    ?|     ?|   none  |")
           .replace("|grp_mix_block_fu_120    |mix_block    |  300|  300|  300|  300|   none  |",
                    "|grp_mix_update_fu_80    |mix_update   |    1| 4865|    1| 4865|   none  |\n"
                    "        |grp_mix_final_fu_90     |mix_final    |    5|    5|    5|    5|   none  |")
           .replace("|- Loop 1  |    0|  4864|  3 ~ 304 |          -|          -| 0 ~ 16 |    no    |",
                    "|- Loop 1  |    ?|     ?| 4 ~ 4869 |          -|          -|  0 ~ 4 |    no    |"))
    (folder / "mix_top_csynth.rpt").write_text(top, encoding="utf-8")
    start, end = text.index("    + Detail:"), text.index("=" * 64 + "\n== Utilization")
    final = (text[:start] + "\n\n" + text[end:]).replace("Report for 'mix_update'", "Report for 'mix_final'")
    final = final.replace("|    1|  4865|    1|  4865|   none  |", "|    5|     5|    5|     5|   none  |")
    (folder / "mix_final_csynth.rpt").write_text(final, encoding="utf-8")
    return folder


def test_calls_defined_in_an_extra_file_say_how_they_count(tmp_path: Path) -> None:
    reports = _reports(tmp_path / "report")
    top = tmp_path / "top.c"
    top.write_text("void mix_update(int *s, int n);\nvoid mix_final(int *s);\n\nvoid mix_top(int *s, int blocks)\n"
                   "{\n    for (int b = 0; b < blocks; b++)\n        mix_update(s, 16);\n    mix_final(s);\n}\n",
                   encoding="utf-8")
    extra = tmp_path / "impl.c"
    extra.write_text("void mix_update(int *s, int n)\n{\n    for (int i = 0; i < n; i++)\n        s[0] += i;\n}\n"
                     "void mix_final(int *s)\n{\n    s[1] = s[0];\n}\n", encoding="utf-8")
    testbench = tmp_path / "tb.c"
    testbench.write_text("void mix_top(int *s, int blocks);\nint main(void)\n{\n    int s[2] = {0, 0};\n"
                         "    mix_top(s, 3);\n    return s[1] != 360;\n}\n", encoding="utf-8")
    result = run_cli("simulate", str(top), "--report", str(reports), "--testbench", str(testbench),
                     "--extra", str(extra), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    looped, after = sorted((item for item in document["diagnostics"] if item["rule"].startswith("instrument-call")),
                           key=lambda item: item["line"])
    # the loop has no counted part: simulated at its minimum iteration latency (4), the call left out
    assert looped["rule"] == "instrument-call-not-counted" and looped["line"] == 7
    assert ("'mix_top' calls 'mix_update' (module mix_update, 1 ~ 4,865 cycles in the report), which no design"
            " source defines") in looped["message"]
    assert "simulated at its minimum iteration latency" in looped["message"]
    assert after["rule"] == "instrument-call-not-counted" and after["line"] == 8
    assert "'mix_top' calls 'mix_final' (module mix_final, 5 cycles in the report)" in after["message"]
    assert 'the report\'s latency of \'mix_top\' is "?"' in after["message"]
    assert document["cycles"] == 3 * 4
    text = run_cli("simulate", str(top), "--report", str(reports), "--testbench", str(testbench),
                   "--extra", str(extra)).stdout
    # and the top's own cycles beyond its parts, which its latency "?" leaves unknown (counted 0)
    assert ("a lower bound: 3 part(s) of the design are not counted (the instrument-call-not-counted,"
            " instrument-residual-unknown warnings") in text
    # with the definitions in the file instrumented, both calls are counted and nothing is said
    whole = tmp_path / "whole.c"
    whole.write_text(extra.read_text(encoding="utf-8") + top.read_text(encoding="utf-8"), encoding="utf-8")
    counted = json.loads(run_cli("simulate", str(whole), "--report", str(reports), "--testbench", str(testbench),
                                 "--format", "json").stdout)
    assert not [item for item in counted["diagnostics"] if item["rule"].startswith("instrument-call")]
    assert counted["cycles"] > 3 * 4 + 5


def test_a_call_in_a_loop_with_counted_parts_takes_the_worst_case(tmp_path: Path) -> None:
    """With a counted sub-loop beside it, the loop's iteration beyond its
    parts (the report's worst, 4,869 - 8) carries the call: the SHA-256's
    Loop 1 counted its update at 28,097 cycles whatever it ran."""
    reports = _reports(tmp_path / "report")
    top_report = reports / "mix_top_csynth.rpt"
    top_report.write_text(top_report.read_text(encoding="utf-8").replace(
        "|- Loop 1  |    ?|     ?| 4 ~ 4869 |          -|          -|  0 ~ 4 |    no    |",
        "|- Loop 1  |    ?|     ?| 4 ~ 4869 |          -|          -|  0 ~ 4 |    no    |\n"
        "        | + Loop 1.1|    8|     8|         2|          -|          -|      4 |    no    |"), encoding="utf-8")
    top = tmp_path / "top.c"
    top.write_text("void mix_update(int *s, int n);\n\nvoid mix_top(int *s, int blocks)\n{\n"
                   "    for (int b = 0; b < blocks; b++) {\n        for (int k = 0; k < 4; k++)\n"
                   "            s[1] += k;\n        mix_update(s, 16);\n    }\n}\n", encoding="utf-8")
    extra = tmp_path / "impl.c"
    extra.write_text("void mix_update(int *s, int n)\n{\n    for (int i = 0; i < n; i++)\n        s[0] += i;\n}\n",
                     encoding="utf-8")
    testbench = tmp_path / "tb.c"
    testbench.write_text("void mix_top(int *s, int blocks);\nint main(void)\n{\n    int s[2] = {0, 0};\n"
                         "    mix_top(s, 3);\n    return s[0] != 360;\n}\n", encoding="utf-8")
    document = json.loads(run_cli("simulate", str(top), "--report", str(reports), "--testbench", str(testbench),
                                  "--extra", str(extra), "--format", "json").stdout)
    (call,) = [item for item in document["diagnostics"] if item["rule"].startswith("instrument-call")]
    assert call["rule"] == "instrument-call-worst-case" and call["line"] == 8
    assert "beyond its counted parts, the worst case, not the path it takes" in call["message"]
    assert document["cycles"] == 3 * 4869


def test_the_testbench_own_calls_are_not_counted(tmp_path: Path) -> None:
    """A testbench calling a design function itself (a software reference
    model) added those calls to the function's total: a public SHA-256
    printed sha256_update at 13 calls, 5 of them the testbench's, above the
    top's own total."""
    reports = _reports(tmp_path / "report")
    whole = tmp_path / "whole.c"
    whole.write_text("void mix_update(int *s, int n)\n{\n    for (int i = 0; i < n; i++)\n        s[0] += i;\n}\n"
                     "void mix_final(int *s)\n{\n    s[1] = s[0];\n}\n\nvoid mix_top(int *s, int blocks)\n{\n"
                     "    for (int b = 0; b < blocks; b++)\n        mix_update(s, 16);\n    mix_final(s);\n}\n",
                     encoding="utf-8")
    testbench = tmp_path / "tb.c"
    testbench.write_text("void mix_update(int *s, int n);\nvoid mix_top(int *s, int blocks);\nint main(void)\n{\n"
                         "    int reference[2] = {0, 0}, s[2] = {0, 0};\n    for (int b = 0; b < 3; b++)\n"
                         "        mix_update(reference, 16);\n    mix_top(s, 3);\n"
                         "    return s[1] != reference[0];\n}\n",
                         encoding="utf-8")
    common = ("simulate", str(whole), "--report", str(reports), "--testbench", str(testbench))
    document = json.loads(run_cli(*common, "--format", "json").stdout)
    functions = {item["name"]: item for item in document["functions"]}
    update = functions["mix_update"]
    assert update["calls"] == 3 and update["calls_outside_top"] == 3
    assert functions["mix_top"]["calls"] == 1 and functions["mix_top"]["calls_outside_top"] == 0
    assert update["cycles"] <= document["cycles"]
    text = run_cli(*common).stdout
    assert "function mix_update: " in text and "in 3 call(s) (and 3 the testbench made itself, not counted)" in text
