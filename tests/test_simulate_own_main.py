"""``simulate`` of a design file that defines main() itself.

Small HLS examples keep the kernel and its test in one file (the i++
sets of session 38 do; so do many course designs). ``--testbench`` was
required, and a testbench with its own main() would define main twice:
the way out was an empty testbench file, which a user had to guess. Now
``--testbench`` may be left out where a design file defines main(); where
none does, that is said, exit 2. The files are the instrument fixtures'
kernels with their testbenches' main() appended (built here, the fixtures
unchanged), so the counts are the hand-worked ones of
``fixtures/instrument/README.md``.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

KERNELS = FIXTURES / "instrument"


def _with_main(kernel: Path, testbench: Path, prototype: str, target: Path) -> Path:
    """``kernel``'s text, then ``testbench``'s without the prototype of the
    top it declares (the one file defines it)."""
    bench = "\n".join(line for line in testbench.read_text(encoding="utf-8").splitlines()
                      if not line.startswith(prototype))
    target.write_text(kernel.read_text(encoding="utf-8") + "\n" + bench + "\n", encoding="utf-8")
    return target


def test_a_c_design_with_its_own_main_runs_without_a_testbench(tmp_path: Path) -> None:
    """row_sums: rows of length 2, 0, 5: 23 cycles (COL 13 in 7 iterations,
    ROW 22), as with the separate testbench."""
    case = KERNELS / "imperfect_nest"
    design = _with_main(case / "row_sums.c", case / "tb.c", "void row_sums", tmp_path / "design.c")
    result = run_cli("simulate", str(design), "--report", str(case / "report"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["cycles"] == 23 and document["exit_code"] == 0


def test_a_cxx_design_with_its_own_main_runs_without_a_testbench(tmp_path: Path) -> None:
    """template_instances: two calls of top through two template
    instances, 158 cycles (25 + 133)."""
    case = KERNELS / "template_instances"
    design = _with_main(case / "copy.cpp", case / "tb.cpp", "void top", tmp_path / "design.cpp")
    result = run_cli("simulate", str(design), "--report", str(case / "report"), "--format", "json")
    assert result.code == 0, result.stderr
    assert json.loads(result.stdout)["cycles"] == 158


def test_no_testbench_and_no_main_is_said_and_nothing_is_written(tmp_path: Path) -> None:
    case = KERNELS / "imperfect_nest"
    output = tmp_path / "out.json"
    result = run_cli("simulate", str(case / "row_sums.c"), "--report", str(case / "report"), "-o", str(output))
    assert result.code == 2 and "Traceback" not in result.stderr
    assert (f"{case / 'row_sums.c'}: no --testbench given, and no design file defines main() to run (expected"
            " --testbench TB.c, or main() in one of the design files)") in result.stderr
    assert not output.exists()


def test_a_testbench_beside_a_design_main_says_to_leave_it_out(tmp_path: Path) -> None:
    """Both define main(): the link error names both files and says what to do."""
    case = KERNELS / "imperfect_nest"
    design = _with_main(case / "row_sums.c", case / "tb.c", "void row_sums", tmp_path / "design.c")
    result = run_cli("simulate", str(design), "--report", str(case / "report"), "--testbench", str(case / "tb.c"))
    assert result.code == 2 and "Traceback" not in result.stderr
    assert "multiple definition of 'main', also defined in" in result.stderr
    assert "where a design file defines main() itself, leave out --testbench" in result.stderr
