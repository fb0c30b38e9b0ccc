"""Odd v++ link configuration files beside a Vitis build (session 42 review).

The ``[connectivity]`` files are optional context found by looking around
the report (:mod:`hlsight.analyzer.vitis_connectivity`), so whatever sits
there may be in any state: the module promises "a file that cannot be read
is a diagnostic naming it, never a failure". The public U280 CRC build
(efrink29/U280_CRC_Accelerator, Vitis HLS 2023.1) that led to the module
keeps a ``config.cfg`` beside its ``_x.hw.*`` folder; the fixture is the
hand-written tree in that shape (``fixtures/vitis_connectivity``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from hlsight.analyzer.vitis_connectivity import read_connectivity
from tests.conftest import FIXTURES, run_cli

TREE = FIXTURES / "vitis_connectivity"
BUILD = "_x.hw.xilinx_u280_gen3x16_xdma_1_202211_1"
REPORT = Path(BUILD, "copy_link", "copy_link", "copy_link", "solution", "syn", "report", "copy_link_csynth.rpt")


def _copy(tmp_path: Path, cfg: str) -> Path:
    """The fixture's report and source under ``tmp_path/work/build``, with ``cfg`` as its config.cfg."""
    root = tmp_path / "work" / "build"
    shutil.copytree(TREE / BUILD, root / BUILD)
    shutil.copytree(TREE / "src", root / "src")
    (root / "config.cfg").write_text(cfg, encoding="utf-8")
    return root


def test_a_cfg_link_that_loops_is_passed_over(tmp_path: Path) -> None:
    """A ``*.cfg`` symbolic link to itself in the build root made
    ``Path.resolve`` raise RuntimeError ("Symlink loop", Python before
    3.13), which escaped as a traceback; it is no file to read, and the
    other cfg still picks the profile."""
    root = _copy(tmp_path, "[connectivity]\nsp=copy_link_1.in:HBM[0]\n")
    (root / "loop.cfg").symlink_to(root / "loop.cfg")
    result = run_cli("analyze", str(root / REPORT), "--format", "json")
    assert result.code == 0 and "Traceback" not in result.stderr, result.stderr
    memory = json.loads(result.stdout)["memory_profile"]
    assert memory["name"] == "hbm2-u280"
    assert memory["why"].startswith("memory profile hbm2-u280 for HBM[0] (config.cfg:2: sp=copy_link_1.in:HBM[0])")


def test_a_count_of_thousands_of_digits_is_a_diagnostic(tmp_path: Path) -> None:
    """``int()`` refuses a string of over 4300 digits (ValueError): an
    ``nk=`` count that long is no count v++ takes, so the line is said and
    left out; the analysis runs on."""
    root = _copy(tmp_path, "[connectivity]\nnk=copy_link:" + "1" * 5000 + "\nsp=copy_link_1.in:HBM[0]\n")
    result = run_cli("analyze", str(root / REPORT), "--format", "json")
    assert result.code == 0 and "Traceback" not in result.stderr, result.stderr
    document = json.loads(result.stdout)
    assert any(d["rule"] == "vitis-config-unread" and f"{root / 'config.cfg'}:2:" in d["message"]
               for d in document["diagnostics"])
    assert document["memory_profile"]["name"] == "hbm2-u280"  # no nk= read: v++'s default copy_link_1


def test_a_large_cu_count_costs_no_memory(tmp_path: Path) -> None:
    """``nk=<kernel>:<count>`` without names gives v++'s ``<kernel>_1`` ..
    ``<kernel>_<count>``: they were built as a list of strings, so a count
    of 999999999 took tens of GB (MemoryError under a 1 GiB limit). The
    names are matched by their index instead, here under that limit."""
    cfg = tmp_path / "big.cfg"
    cfg.write_text("[connectivity]\nnk=copy_link:999999999\nsp=copy_link_999999999.in:HBM[0]\n"
                   "sp=copy_link_1000000000.in:DDR[0]\nsp=copy_link_01.in:DDR[1]\n", encoding="utf-8")
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from pathlib import Path\n"
        "from hlsight.analyzer.vitis_connectivity import _kernel_links, read_connectivity\n"
        "class K:\n    name = 'copy_link'\n"
        "found = read_connectivity([Path(sys.argv[1])])\n"
        "print([link.memory for link in _kernel_links(K(), found)])\n")
    run = subprocess.run([sys.executable, "-c", script, str(cfg)], capture_output=True, text=True, check=False,
                         timeout=120, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert run.returncode == 0, run.stderr[-500:]
    assert run.stdout.strip() == "['HBM[0]']"


def test_named_and_counted_cus_are_both_the_kernels(tmp_path: Path) -> None:
    """Two ``nk=`` lines, one naming its CUs and one counting them: both
    kinds of names are the kernel's, as before; with neither, ``<kernel>_1``."""
    cfg = tmp_path / "mixed.cfg"
    cfg.write_text("[connectivity]\nnk=copy_link:1:LINK_A\nnk=copy_link:2\nsp=LINK_A.in:HBM[0]\n"
                   "sp=copy_link_2.in:DDR[0]\nsp=copy_link_3.in:DDR[1]\nsp=other_1.in:DDR[2]\n", encoding="utf-8")
    found = read_connectivity([cfg])
    assert found.nk == {"copy_link": ["LINK_A"]} and found.nk_counts == {"copy_link": 2}

    class Named:
        name = "copy_link"

    class Other:
        name = "other"

    from hlsight.analyzer.vitis_connectivity import _kernel_links

    assert [link.memory for link in _kernel_links(Named(), found)] == ["HBM[0]", "DDR[0]"]  # type: ignore[arg-type]
    assert [link.memory for link in _kernel_links(Other(), found)] == ["DDR[2]"]  # type: ignore[arg-type]


def test_an_enumerator_of_an_anonymous_namespace_is_no_instance_address(tmp_path: Path) -> None:
    """The instrumenter counts each template instance by its address
    written after the file (``&copy<static_cast<Open>(3), 8>``). An
    enumeration of an anonymous namespace is spelled
    ``(anonymous namespace)::Mode``, which no C++ can write: the check for
    such names let every ``static_cast`` through, so the instrumented build
    would not compile (g++: "'anonymous' was not declared"). Such an
    instance is said and left uncounted; an enumeration C++ can name stays
    counted. (The session's template instances came from a public HLS
    design's ``copy<64, int>``; this file is hand-written.)"""
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    source = tmp_path / "modes.cpp"
    source.write_text(
        "namespace { enum Mode { A = 1, B = 2 }; }\n"
        "enum Open { X = 3 };\n"
        "template <Mode M, int N> void copy(int *o, const int *i) { for (int k = 0; k < N; k++) o[k] = i[k] * M; }\n"
        "template <Open M, int N> void copy2(int *o, const int *i) { for (int k = 0; k < N; k++) o[k] = i[k] * M; }\n"
        "void top(int *o, const int *i) { copy<B, 4>(o, i); copy2<X, 8>(o, i); }\n", encoding="utf-8")
    instances = {instance.name: instance for instance, _body in parse_cxx_as_c(source, instances=True).instances}
    assert instances["copy<2, 4>"].unsupported == \
        "an argument has no name C++ can write ((anonymous namespace), a lambda)"
    assert instances["copy2<3, 8>"].unsupported == ""
    assert instances["copy2<3, 8>"].address == "&copy2<static_cast<Open>(3), 8>"
