"""One import namespace and one direction of imports (issue 10)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import package_tree

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _setuptools_config() -> dict[str, object]:
    with (REPO / "pyproject.toml").open("rb") as handle:
        section: dict[str, object] = tomllib.load(handle)["tool"]["setuptools"]
    return section


def test_every_package_folder_is_listed_in_pyproject() -> None:
    """A new folder with an ``__init__.py`` that is not in the list would be
    left out of the wheel while working in an editable install."""
    config = _setuptools_config()
    mapping = config["package-dir"]
    assert isinstance(mapping, dict)
    expected = set()
    for name, folder in mapping.items():
        for init in (REPO / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / folder)
            if relative.parts[:1] in (("instrument",), ("access",)) and folder == "fixtures":
                continue  # test inputs, not shipped
            if any(REPO / other in init.parents for other in mapping.values() if other != folder
                   and (REPO / other).is_relative_to(REPO / folder)):
                continue
            expected.add(".".join((name, *relative.parts)))
    assert set(config["packages"]) == expected  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(REPO)], check=True, capture_output=True, timeout=300)
    (built,) = out.glob("hlsight-*.whl")
    return built


def test_wheel_installs_only_the_hlsight_namespace(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"hlsight"}
    # the card's folders arrive inside the namespace, with their data
    for expected in ("hlsight/analyzer/pipeline.py", "hlsight/parsers/loader.py", "hlsight/core/model.py",
                     "hlsight/templates/report.html.j2", "hlsight/analyzer/profiles/ddr4-1866.toml",
                     "hlsight/parsers/csource/fake_include/stdint.h",
                     "hlsight/parsers/cxx/sycl_include/hlsight_sycl.hpp",
                     "hlsight/parsers/cxx/sycl_include/CL/sycl.hpp",
                     "hlsight/parsers/cxx/std_include/hlsight_std.hpp",
                     "hlsight/parsers/cxx/std_include/bits/stdc++.h",
                     "hlsight/parsers/cxx/std_include/vector",
                     "hlsight/fixtures/demo/vector_add/reports/report.html", "hlsight/py.typed"):
        assert expected in names, expected


def test_wheel_in_a_fresh_venv_runs_the_demo(wheel: Path, tmp_path: Path) -> None:
    """``pip install .`` then ``hlsight demo``: nothing from the checkout is
    on the path (the venv sees the system site-packages for the
    dependencies, which this machine cannot download again per test)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    where_sympy = "import sympy, pathlib; print(pathlib.Path(sympy.__file__).parents[1])"
    found = subprocess.run([sys.executable, "-c", where_sympy], check=True, capture_output=True, text=True)
    site = found.stdout.strip()
    (venv / "lib").mkdir(exist_ok=True)
    pth = next((venv / "lib").glob("python3*/site-packages"))
    (pth / "deps.pth").write_text(site + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True, timeout=300)
    result = subprocess.run([str(venv / "bin" / "hlsight"), "demo"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "  kernel vector_add  16.6 ms, memory-bound" in result.stdout and "  estimate: 16.6 ms" in result.stdout
    where = subprocess.run([str(python), "-c", "import hlsight.analyzer as a; print(a.__file__)"], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert str(venv) in where


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    beside = Path(sys.executable).parent / "lint-imports"
    lint = beside if beside.exists() else Path(shutil.which("lint-imports") or "lint-imports")
    return subprocess.run([str(lint), "--config", str(REPO / ".importlinter")], cwd=tree, capture_output=True,
                          text=True, timeout=300, env={"PYTHONPATH": ".", "PATH": "/usr/bin:/bin"})


def test_import_layers_hold_and_a_backward_import_breaks_them(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(package_tree.build_tree(), tree)
    kept = _lint_imports(tree)
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "1 kept, 0 broken" in kept.stdout
    # a parser reaching up into the analysis is exactly what the contract forbids
    (tree / "hlsight" / "parsers" / "backward.py").write_text("from hlsight.analyzer import pipeline\n")
    broken = _lint_imports(tree)
    assert broken.returncode != 0
    assert "hlsight.parsers.backward -> hlsight.analyzer.pipeline" in broken.stdout
