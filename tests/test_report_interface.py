"""The estimate's kernel-side bus width: the report's Global memory view
over the memory profile's board default (docs/model.md decision 47)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hlsight.analyzer.memory_profiles import PROFILE_DIR, load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Design
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli
from tests.test_gmv_widths import KMERS_MX, STREAM_520N


def _expressions(design: Design, **kwargs: object) -> dict[str, str]:
    result = analyze(design, {"stride": 1}, **kwargs)  # type: ignore[arg-type]
    return {name: str(estimate.expression) for name, estimate in result.estimates.items()}


def test_the_reports_width_is_the_interface(corpus: Path) -> None:
    """STREAM on the 520N: 64 B LSUs share each bank, so the bus bounds eq. 6.
    A profile saying 256 bits changes nothing (the report says 512); the same
    profile on the design without the report's widths does."""
    design = load_design(corpus / STREAM_520N)
    board = load_profile("ddr4-2400-520n")
    narrow = replace(board, name="narrow-520n", interface_bytes=32)
    assert _expressions(design, memory=narrow) == _expressions(design, memory=board)
    for memory in design.memory_systems:
        memory.channel_widths_bits = []
    assert _expressions(design, memory=narrow) != _expressions(design, memory=board)


def profile_file(tmp_path: Path, name: str, changed: dict[str, str | None]) -> Path:
    """The packaged 520N profile with another name (a user's --memory file):
    each line starting with a key of ``changed`` becomes its value, or goes
    when the value is ``None``."""
    lines = []
    for line in (PROFILE_DIR / "ddr4-2400-520n.toml").read_text(encoding="utf-8").splitlines():
        key = next((key for key in changed if line.startswith(key)), None)
        if line.startswith("name ="):
            line = f'name = "{name}"'
        elif key is not None:
            if changed[key] is None:
                continue
            line = str(changed[key])
        lines.append(line)
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def stream_with_profile(corpus: Path, profile: Path) -> tuple[str, str, Path]:
    """``analyze -v`` of the 520N STREAM report under ``--memory profile``:
    its output, its ``using:`` line and the report's gmv file."""
    shown = run_cli("analyze", str(corpus / STREAM_520N), "--memory", str(profile), "-v")
    assert shown.code == 0, shown.stderr
    using = next(line for line in shown.stdout.splitlines() if line.startswith("  using: "))
    return shown.stdout, using, corpus / STREAM_520N / "lib" / "json" / "gmv.json"


def test_a_profile_that_differs_is_named_with_the_report(corpus: Path, tmp_path: Path) -> None:
    narrow = {"interface_bits": "interface_bits = 256", "interface_source": None}
    stdout, using, gmv = stream_with_profile(corpus, profile_file(tmp_path, "narrow-520n", narrow))
    assert (f"{gmv}: note: DDR: the report's Global memory view gives a 512-bit kernel-side bus per channel,"
            " memory profile narrow-520n 256 bits ([bandwidth] interface_bits): the estimate uses the report's"
            " (decision 47) [memory-interface-differs]") in stdout
    assert ("DRAM profile narrow-520n given with --memory; kernel-side bus: the report's 512-bit bus per channel"
            " of DDR, not the profile's 256 bits; clock 341.667 MHz") in using


def test_a_profile_without_a_width_takes_the_reports(corpus: Path, tmp_path: Path) -> None:
    profile = profile_file(tmp_path, "no-bus-520n", {"interface_bits": "", "interface_source": None})
    shown = run_cli("analyze", str(corpus / STREAM_520N), "--memory", str(profile), "-v")
    assert shown.code == 0, shown.stderr
    assert "memory-interface-differs" not in shown.stdout
    using = next(line for line in shown.stdout.splitlines() if line.startswith("  using: "))
    assert "kernel-side bus: the report's 512-bit bus per channel of DDR (the profile gives none)" in using


def test_agreeing_widths_and_rates_are_assumptions_only(corpus: Path) -> None:
    """The board's own profile says 512 bits and DDR4-2400 as the report does
    (decisions 47, 48): no note, the ``using:`` line as before, and the
    assumptions say where the width and the rate are from."""
    result = analyze(load_design(corpus / STREAM_520N), {"stride": 1})
    assert not [d for d in result.diagnostics if d.rule in ("memory-interface-differs", "memory-rate-differs")]
    assert "kernel-side bus" not in result.memory_profile_why and "DRAM data rate" not in result.memory_profile_why
    assumptions = next(iter(result.estimates.values())).assumptions
    assert ("kernel-side bus: 512 bits per channel (4 channels) of DDR, from the report's Global memory view"
            " (lib/json/gmv.json); the profile ddr4-2400-520n says the same") in assumptions
    assert ("DRAM data rate: DDR at 2400 MT/s per channel by the report's Global memory view (Maximum bandwidth"
            " the BSP can deliver, lib/json/gmv.json); the profile ddr4-2400-520n says the same") in assumptions


def test_hbm_pseudo_channels_are_grouped(corpus: Path) -> None:
    """kmers on the 520N-MX: 16 pseudo-channels at 256 bits, as hbm2-s10mx says; one assumption line for all."""
    result = analyze(load_design(corpus / KMERS_MX))
    assert result.memory_profile == "hbm2-s10mx"
    lines = [line for line in next(iter(result.estimates.values())).assumptions if line.startswith("kernel-side bus")]
    assert len(lines) == 1
    assert lines[0].startswith("kernel-side bus: 256 bits per channel (1 channel) of HBM")
    assert lines[0].endswith("from the report's Global memory view (resources/json/gmv.json);"
                             " the profile hbm2-s10mx says the same")
