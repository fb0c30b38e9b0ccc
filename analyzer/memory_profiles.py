"""Memory profiles: the DRAM parameters the run-time models need, as data.

A profile is a TOML file (``analyzer/profiles/<name>.toml`` ships with the
package; users pass their own with ``--memory FILE.toml``). Each carries its
provenance so every number an estimate uses can be traced to a datasheet, a
paper table or a measurement. Field names follow the Dávila-Guzmán model
(journal Table 2: ``dq``, ``bl``, ``f_dram``, ``T_RCD``, ``T_RP``, ``T_WR``) and
HLScope+ section IV (``DBW_C``, ``DLAT``, ``t_RAS``, ``t_CO``).
"""

from __future__ import annotations

import difflib
import functools
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"

_REQUIRED_TIMING = ("f_dram_mhz", "dq_bytes", "bl", "t_rcd_ns", "t_rp_ns", "t_wr_ns")
#: timing fields every bandwidth or burst size is a multiple of (so never 0)
_SIZES = ("f_dram_mhz", "dq_bytes", "bl")


@dataclass(frozen=True)
class MemoryProfile:
    """One external memory as the models see it (SI units: Hz, bytes, seconds).

    ``channels`` is the number of independent banks / pseudo-channels (the
    ``#banks`` of eq. 1). Optional HLScope+ fields are ``None`` when the
    profile does not characterise them.
    """

    name: str
    description: str
    technology: str
    kind: str  # "ddr" | "hbm"
    channels: int
    f_dram_hz: float
    dq_bytes: int
    bl: int
    t_rcd_s: float
    t_rp_s: float
    t_wr_s: float
    t_ras_s: float | None = None
    t_cas_s: float | None = None
    t_co_s: float | None = None
    dbw_c_read_bps: float | None = None
    dbw_c_write_bps: float | None = None
    dlat_read_s: float | None = None
    dlat_write_s: float | None = None
    bus_max_bits: int | None = None
    measured_channel_bps: float | None = None
    efficiency: float = 1.0
    efficiency_source: str = ""
    #: fixed time per kernel launch on this board (start, pipeline fill,
    #: completion), added once per launch to the design time; [launch] table
    launch_overhead_s: float = 0.0
    launch_overhead_source: str = ""
    #: measured time of one atomic read-modify-write ([atomic] op_ns), 0 if unknown
    atomic_op_s: float = 0.0
    atomic_op_source: str = ""
    #: measured time a burst-coalesced non-aligned LSU adds per request
    #: ([nonaligned] request_ns: its coalescer, journal 7.1.2), 0 if unknown
    nonaligned_request_s: float = 0.0
    nonaligned_request_source: str = ""
    #: width of the board's global-memory interface per bank / pseudo-channel
    #: ([bandwidth] interface_bits), 0 if not given: a request wider than it
    #: crosses in several kernel cycles, so eq. 5 uses at most this width
    interface_bytes: int = 0
    interface_source: str = ""
    provenance: dict[str, str] = field(default_factory=dict)
    path: str = ""

    @property
    def assumed(self) -> str:
        """What the profile's numbers take without a measurement or document
        of this board (``[provenance] assumed``), "" if nothing: said beside
        the profile wherever an estimate names it, not only in ``memory show``
        (an N6001's efficiency is the 520N's, measured on another board)."""
        return self.provenance.get("assumed", "")

    @property
    def launch_cost_why(self) -> str:
        """Where the per-launch cost comes from, or that the profile gives none."""
        return self.launch_overhead_source or "not given in the profile"

    @property
    def bw_dram_bps(self) -> float:
        """Peak bandwidth of one bank/pseudo-channel: dq * 2 * f_dram (journal section 5)."""
        return self.dq_bytes * 2 * self.f_dram_hz

    @property
    def t_row_s(self) -> float:
        """Row-miss time T_RCD + T_RP (journal eq. 10)."""
        return self.t_rcd_s + self.t_rp_s

    def describe(self) -> list[tuple[str, str]]:
        """(label, value) rows for ``hlsight memory show``."""
        rows = [
            ("name", self.name),
            ("description", self.description),
            ("technology", f"{self.technology} ({self.kind})"),
            ("channels/banks", str(self.channels)),
            ("f_dram", f"{self.f_dram_hz / 1e6:g} MHz"),
            ("dq", f"{self.dq_bytes} B"),
            ("bl", str(self.bl)),
            ("bw_dram per bank", f"{self.bw_dram_bps / 1e9:.3f} GB/s (dq*2*f_dram)"),
            ("T_RCD", f"{self.t_rcd_s * 1e9:g} ns"),
            ("T_RP", f"{self.t_rp_s * 1e9:g} ns"),
            ("T_WR", f"{self.t_wr_s * 1e9:g} ns"),
        ]
        optional = [
            ("t_RAS", self.t_ras_s, 1e9, "ns"),
            ("t_CO", self.t_co_s, 1e9, "ns"),
            ("DBW_C read", self.dbw_c_read_bps, 1e-9, "GB/s"),
            ("DBW_C write", self.dbw_c_write_bps, 1e-9, "GB/s"),
            ("DLAT read", self.dlat_read_s, 1e9, "ns"),
            ("DLAT write", self.dlat_write_s, 1e9, "ns"),
            ("measured per channel", self.measured_channel_bps, 1e-9, "GB/s"),
        ]
        for label, amount, scale, unit in optional:
            if amount is not None:
                rows.append((label, f"{amount * scale:g} {unit}"))
        if self.efficiency != 1.0:
            rows.append(("efficiency", f"{self.efficiency:g} ({self.efficiency_source})"))
        if self.atomic_op_source:
            rows.append(("atomic op", f"{self.atomic_op_s * 1e9:g} ns ({self.atomic_op_source})"))
        if self.nonaligned_request_source:
            rows.append(("non-aligned request", f"{self.nonaligned_request_s * 1e9:g} ns"
                                                 f" ({self.nonaligned_request_source})"))
        if self.interface_bytes:
            rows.append(("interface per bank", f"{self.interface_bytes * 8} bits ({self.interface_source})"))
        if self.launch_overhead_source:
            rows.append(("per-launch cost", f"{self.launch_overhead_s * 1e6:g} us ({self.launch_overhead_source})"))
        for key, text in self.provenance.items():
            rows.append((f"provenance.{key}", text))
        if self.path:
            rows.append(("file", self.path))
        return rows


#: What a field must be, where "a finite non-negative number" says less than
#: the check that follows (a negative size was told "non-negative", then 0
#: "positive"; a negative efficiency "non-negative", though it must be in (0, 1])
_EXPECTED = {"f_dram_mhz": "a positive number", "dq_bytes": "a positive whole number",
             "bl": "a positive whole number", "efficiency": "a fraction in (0, 1]"}


def _number(table: dict[str, Any], key: str, path: Path, required: bool) -> float | None:
    value = table.get(key)
    if value is None:
        if required:
            raise InputError(path, f"memory profile lacks '{key}'", expected=f"a number for {key}")
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise InputError(path, f"memory profile field '{key}' is {value!r}",
                         expected=_EXPECTED.get(key, "a finite non-negative number"))
    return float(value)


def _scaled(table: dict[str, Any], key: str, path: Path, scale: float) -> float | None:
    value = _number(table, key, path, required=False)
    return None if value is None else value * scale


#: The keys a profile may hold, per table ("" the top level; [provenance] is free-form
#: text). [latency] documents the datasheet's page timings beside [timing].
PROFILE_KEYS: dict[str, frozenset[str]] = {
    "": frozenset({"name", "description", "technology", "kind", "channels", "timing", "bandwidth", "launch",
                   "atomic", "nonaligned", "provenance", "latency"}),
    "timing": frozenset({*_REQUIRED_TIMING, "t_ras_ns", "t_cas_ns", "t_co_ns"}),
    "bandwidth": frozenset({"bus_max_bits", "dbw_c_read_gbs", "dbw_c_write_gbs", "dlat_read_ns", "dlat_write_ns",
                            "efficiency", "efficiency_source", "interface_bits", "interface_source",
                            "measured_channel_gbs", "measured_total_gbs"}),
    "launch": frozenset({"overhead_us", "overhead_source"}),
    "atomic": frozenset({"op_ns", "op_source"}),
    "nonaligned": frozenset({"request_ns", "request_source"}),
    "latency": frozenset({"page_closed_ns", "page_hit_ns", "page_miss_ns", "switch_extra_cycles",
                          "switch_extra_ns"}),
}


def _check_keys(data: dict[str, Any], path: Path) -> None:
    """A key hlsight does not read is refused, not ignored: a misspelt
    ``efficency = 0.5`` left the default efficiency in place and the
    estimate moved without a word."""
    tables = [("", data), *((name, table) for name, table in data.items()
                            if name in PROFILE_KEYS and name and isinstance(table, dict))]
    for table_name, table in tables:
        known = PROFILE_KEYS[table_name]
        for key in table:
            if key not in known:
                where = f"[{table_name}] " if table_name else ""
                close = difflib.get_close_matches(key, sorted(known), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise InputError(path, f"memory profile key {where}'{key}' is not one hlsight reads{hint}",
                                 expected="one of " + ", ".join(sorted(known)))


def parse_profile(data: dict[str, Any], path: Path) -> MemoryProfile:
    """Validate the TOML table ``data`` read from ``path``."""
    _check_keys(data, path)
    timing = data.get("timing")
    if not isinstance(timing, dict):
        expected = "[timing] with " + ", ".join(_REQUIRED_TIMING)
        raise InputError(path, "memory profile has no [timing] table", expected=expected)
    values = {key: _number(timing, key, path, required=True) for key in _REQUIRED_TIMING}
    for key in _SIZES:  # divisors of every bandwidth and burst: 0 is no memory at all
        size = values[key]
        if not size or (key != "f_dram_mhz" and not float(size).is_integer()):
            kind_of = "a positive number" if key == "f_dram_mhz" else "a positive whole number"
            raise InputError(path, f"memory profile field '{key}' is {timing[key]!r}", expected=kind_of)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise InputError(path, "memory profile has no name", expected='name = "..."')
    kind = data.get("kind", "ddr")
    if kind not in ("ddr", "hbm"):
        raise InputError(path, f"memory profile kind {kind!r}", expected='kind = "ddr" or "hbm"')
    channels = data.get("channels", 1)
    if not isinstance(channels, int) or channels < 1:
        raise InputError(path, f"memory profile channels {channels!r}", expected="a positive integer")
    bandwidth = data.get("bandwidth", {})
    provenance = data.get("provenance", {})
    launch = data.get("launch", {})
    atomic = data.get("atomic", {})
    nonaligned = data.get("nonaligned", {})
    tables = (bandwidth, provenance, launch, atomic, nonaligned)
    if not all(isinstance(table, dict) for table in tables):
        raise InputError(path, "[bandwidth], [launch], [atomic], [nonaligned] and [provenance] must be tables")
    bus_bits = _number(bandwidth, "bus_max_bits", path, required=False)
    interface_bits = _number(bandwidth, "interface_bits", path, required=False)
    if interface_bits is not None and (interface_bits < 8 or interface_bits % 8):
        raise InputError(path, f"interface_bits {interface_bits:g}", expected="a whole number of bytes, in bits")
    efficiency = _number(bandwidth, "efficiency", path, required=False)
    if efficiency is not None and not 0 < efficiency <= 1:
        raise InputError(path, f"efficiency {efficiency}", expected="a fraction in (0, 1]")

    def need(key: str) -> float:
        value = values[key]
        assert value is not None
        return value

    return MemoryProfile(
        name=name,
        description=str(data.get("description", "")),
        technology=str(data.get("technology", kind.upper())),
        kind=kind,
        channels=channels,
        f_dram_hz=need("f_dram_mhz") * 1e6,
        dq_bytes=int(need("dq_bytes")),
        bl=int(need("bl")),
        t_rcd_s=need("t_rcd_ns") * 1e-9,
        t_rp_s=need("t_rp_ns") * 1e-9,
        t_wr_s=need("t_wr_ns") * 1e-9,
        t_ras_s=_scaled(timing, "t_ras_ns", path, 1e-9),
        t_cas_s=_scaled(timing, "t_cas_ns", path, 1e-9),
        t_co_s=_scaled(timing, "t_co_ns", path, 1e-9),
        dbw_c_read_bps=_scaled(bandwidth, "dbw_c_read_gbs", path, 1e9),
        dbw_c_write_bps=_scaled(bandwidth, "dbw_c_write_gbs", path, 1e9),
        dlat_read_s=_scaled(bandwidth, "dlat_read_ns", path, 1e-9),
        dlat_write_s=_scaled(bandwidth, "dlat_write_ns", path, 1e-9),
        bus_max_bits=None if bus_bits is None else int(bus_bits),
        measured_channel_bps=_scaled(bandwidth, "measured_channel_gbs", path, 1e9),
        efficiency=1.0 if efficiency is None else efficiency,
        efficiency_source=str(bandwidth.get("efficiency_source", "")),
        launch_overhead_s=(_scaled(launch, "overhead_us", path, 1e-6) or 0.0),
        launch_overhead_source=str(launch.get("overhead_source", "")),
        atomic_op_s=(_scaled(atomic, "op_ns", path, 1e-9) or 0.0),
        atomic_op_source=str(atomic.get("op_source", "")),
        nonaligned_request_s=(_scaled(nonaligned, "request_ns", path, 1e-9) or 0.0),
        nonaligned_request_source=str(nonaligned.get("request_source", "")),
        interface_bytes=0 if interface_bits is None else int(interface_bits) // 8,
        interface_source=str(bandwidth.get("interface_source", "")),
        provenance={str(key): str(value) for key, value in provenance.items()},
        path=str(path),
    )


def read_profile_file(path: Path | str) -> MemoryProfile:
    """Read a user profile (``--memory FILE.toml``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(path, f"cannot read memory profile ({error.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(path, f"malformed TOML: {error}", expected="a memory profile") from None
    return parse_profile(data, path)


def builtin_names() -> list[str]:
    return sorted(path.stem for path in PROFILE_DIR.glob("*.toml"))


#: built-in profiles that were renamed -> (new name, why): said when the old name is asked for,
#: never taken silently (a hints file or script written before the rename)
RENAMED: dict[str, tuple[str, str]] = {
    "ddr4-2400-a10pac": ("ddr4-2133-a10pac", "the card's BSP runs its DDR4-2400 parts at 2133 MT/s, docs/model.md"
                         " decision 48"),
}


def load_profile(name_or_path: str) -> MemoryProfile:
    """A built-in profile by name, or a TOML file by path."""
    candidate = PROFILE_DIR / f"{name_or_path}.toml"
    if candidate.is_file():
        return read_profile_file(candidate)
    if name_or_path.endswith(".toml") or Path(name_or_path).is_file():
        return read_profile_file(name_or_path)
    if name_or_path in RENAMED:
        new_name, why = RENAMED[name_or_path]
        raise InputError(None, f"memory profile '{name_or_path}' is now '{new_name}' ({why})",
                         expected=f"--memory {new_name}")
    raise InputError(
        None,
        f"unknown memory profile '{name_or_path}'",
        expected="one of " + ", ".join(builtin_names()) + " or a .toml file",
    )


@functools.cache
def all_profiles() -> tuple[MemoryProfile, ...]:
    """Every built-in profile, read once per process (they are package files
    and frozen; the launch-cost caution compares against all of them each time
    it fires)."""
    return tuple(load_profile(name) for name in builtin_names())
