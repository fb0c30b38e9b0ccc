"""Which memory v++ links a Vitis kernel's m_axi ports to: the
``[connectivity]`` section of the link configuration files a build passes
with ``--config`` (``sp=<cu>.<arg>:<MEM>[<range>]``, ``nk=<kernel>:<n>:<cu>,...``;
UG1393 "Mapping Kernel Ports to Memory" and the v++ ``--connectivity.sp``
option).

No HLS report says where the ports go: a card with two memories (the
U280's DDR4 and HBM2) gets its DDR4 profile by default (:mod:`boards`). A
public U280 CRC kernel (efrink29/U280_CRC_Accelerator, Vitis HLS 2023.1)
links ``data_in`` to ``HBM[0]`` in the ``config.cfg`` beside its
``_x.hw.<platform>/`` build folder, and was timed on DDR4. The files are
looked for in the build root (the folder holding ``_x.*``, or the one holding
the HLS project) and its direct parent only, never further and never through
a symbolic link that leaves the folder: they are optional context, so a file
that cannot be read is a diagnostic naming it, never a failure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hlsight.analyzer.access.axi_ports import axi_pragma_ports, interface_pragmas
from hlsight.analyzer.boards import BoardRule, board_rule, reaches_no_dram
from hlsight.analyzer.symbols import axi_name
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Interface, Kernel, Vendor
from hlsight.core.units import name_list

#: a ``[connectivity]`` line hlsight could not read, or a memory it does not know
CONFIG_RULE = "vitis-config-unread"

#: at most this many ``*.cfg`` files per folder and bytes per file (a build root is no archive)
MAX_CONFIG_FILES = 64
MAX_CONFIG_BYTES = 1 << 20

#: the platform memory tags (``Bus SP Tag`` of ``platforminfo``) -> the memory kind hlsight times
_KINDS = {"HBM": "hbm", "DDR": "ddr", "PLRAM": "plram", "HOST": "host"}
#: ``HBM[0]``, ``HBM[0:31]``, ``DDR[1]``, ``PLRAM3`` (UG1393 "Assigning AXI Interfaces to PLRAM")
_MEMORY = re.compile(r"^([A-Za-z_]+?)(\d+)?(?:\[\s*\d+\s*(?::\s*\d+\s*)?\])?$")
#: ``<cu>.<argument>:<memory>`` (an ``sp=`` value; v++ also takes ``.<port>`` of the CU)
_SP = re.compile(r"^([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)\s*:\s*(\S+)$")
#: ``<kernel>:<count>[:<cu>{,|.}<cu>...]`` (an ``nk=`` value; a count of ten digits or more is no
#: count v++ takes, and Python's int() refuses one of over 4300)
_NK = re.compile(r"^([A-Za-z_][\w]*)\s*:\s*([0-9]{1,9})\s*(?::\s*(\S+))?$")
#: a CU index of v++'s default names (``<kernel>_1``); nine digits at most, as an ``nk=`` count
_INDEX = re.compile(r"[1-9][0-9]{0,8}")


@dataclass(frozen=True)
class SpLink:
    """One ``sp=`` line: which memory one CU argument (or port) is linked to."""

    cu: str
    argument: str
    memory: str
    #: ``hbm``, ``ddr``, ``plram``, ``host``; ``None`` for a tag hlsight does not know
    kind: str | None
    file: Path
    line: int
    text: str


@dataclass
class Connectivity:
    """The ``[connectivity]`` lines of the configuration files found."""

    sp: list[SpLink] = field(default_factory=list)
    #: kernel -> the CU names ``nk=`` gives it
    nk: dict[str, list[str]] = field(default_factory=dict)
    #: kernel -> the count of an ``nk=`` that names no CU (v++ names them
    #: ``<kernel>_1`` to ``<kernel>_<count>``; kept as a count, not as names,
    #: so a line with a huge count costs nothing)
    nk_counts: dict[str, int] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class LinkChoice:
    """The profile the configuration files choose (``None``: they choose
    none; the board's default stands) and why, said on the ``using:`` line."""

    profile: str | None = None
    why: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)


def build_root(design: Design) -> Path | None:
    """The folder v++ was run in: the parent of the ``_x.<target>.<platform>``
    folder a report sits in, else the folder holding the HLS project (the
    project folder holds ``<solution>/syn/report``, a unified component
    ``hls/syn/report``). ``None`` when the report is in neither shape."""
    places = [design.root, *design.artifacts]
    for place in places:
        for ancestor in place.parents:
            if ancestor.name.startswith("_x."):
                return ancestor.parent
    for place in places:
        for ancestor in place.parents:
            if ancestor.name == "report" and ancestor.parent.name == "syn":
                project = ancestor.parent.parent.parent  # <project>/<solution>/syn/report
                return project.parent
    return None


def config_files(root: Path) -> list[Path]:
    """The ``*.cfg`` files of ``root`` and its direct parent (sorted; a
    link whose target is outside its folder is left, as are folders)."""
    found: list[Path] = []
    for folder in dict.fromkeys((root, root.parent)):
        try:
            entries = sorted(folder.glob("*.cfg"))[:MAX_CONFIG_FILES]
        except OSError:
            continue
        for path in entries:
            try:
                inside = path.resolve().parent == folder.resolve()
                if inside and path.is_file():
                    found.append(path)
            except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (Path.resolve before 3.13)
                continue
    return found


def memory_kind(memory: str) -> str | None:
    """``HBM[0]`` -> ``hbm``; ``None`` for a tag hlsight does not know."""
    match = _MEMORY.match(memory.strip())
    return None if match is None else _KINDS.get(match.group(1).upper())


def read_connectivity(paths: list[Path]) -> Connectivity:
    """The ``sp=`` and ``nk=`` lines of the ``[connectivity]`` sections of
    ``paths``; a line of that section in no shape v++ documents is a
    diagnostic naming its file and line."""
    found = Connectivity()
    for path in paths:
        try:
            with path.open("rb") as handle:
                text = handle.read(MAX_CONFIG_BYTES).decode("utf-8", errors="replace")
        except OSError as error:
            found.diagnostics.append(_unread(path, None, f"cannot be read ({error.strerror or error})"))
            continue
        _read_text(path, text, found)
    return found


def _read_text(path: Path, text: str, found: Connectivity) -> None:
    section = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            section = line.strip("[] \t").lower() if line.endswith("]") else "?"
            continue
        if section != "connectivity":
            continue
        key, equals, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals:
            found.diagnostics.append(_unread(path, number, f"'{line}' is no key=value line"))
        elif key == "sp":
            _read_sp(path, number, line, value, found)
        elif key == "nk":
            _read_nk(path, number, line, value, found)


def _read_sp(path: Path, number: int, line: str, value: str, found: Connectivity) -> None:
    match = _SP.match(value)
    if match is None:
        found.diagnostics.append(_unread(path, number, f"'{line}' is not sp=<compute unit>.<argument>:<memory>"))
        return
    cu, argument, memory = match.groups()
    kind = memory_kind(memory)
    if kind is None:
        found.diagnostics.append(_unread(
            path, number, f"'{line}': memory {memory} is none of HBM, DDR, PLRAM, HOST", Severity.NOTE))
    found.sp.append(SpLink(cu, argument, memory, kind, path, number, line))


def _read_nk(path: Path, number: int, line: str, value: str, found: Connectivity) -> None:
    match = _NK.match(value)
    if match is None:
        found.diagnostics.append(_unread(path, number, f"'{line}' is not nk=<kernel>:<count>[:<cu>,...]"))
        return
    kernel, count, names = match.groups()
    cus = [name for name in re.split(r"[,.]", names) if name] if names else []
    if cus:
        found.nk.setdefault(kernel, []).extend(cus)
    else:
        found.nk_counts[kernel] = max(found.nk_counts.get(kernel, 0), int(count))


def _unread(path: Path, line: int | None, what: str, severity: Severity = Severity.WARNING) -> Diagnostic:
    """A line left out (a note where the line is valid v++ but names a memory hlsight does not time)."""
    where = f"{path}:{line}" if line is not None else str(path)
    return Diagnostic(rule=CONFIG_RULE, severity=severity, file=str(path), line=line,
                      message=f"v++ configuration {where}: {what}; the line is left out of the memory choice")


def linked_choice(design: Design, values: Mapping[str, float]) -> LinkChoice:
    """The DRAM profile the v++ link configuration beside a Vitis build
    chooses for its top kernels' m_axi ports (``values``: the user's
    ``axi.<kernel>.<bundle>.bytes``, which weigh the kinds when the ports
    are split over two memories)."""
    if design.tool.vendor is not Vendor.XILINX or reaches_no_dram(design):
        return LinkChoice()
    root = build_root(design)
    if root is None:
        return LinkChoice()
    files = config_files(root)
    if not files:
        return LinkChoice()
    connectivity = read_connectivity(files)
    choice = LinkChoice(diagnostics=list(connectivity.diagnostics))
    rule = board_rule(design)
    links = [(kernel, link) for kernel in design.top_kernels() for link in _kernel_links(kernel, connectivity)]
    usable = [(kernel, link) for kernel, link in links if link.kind is not None]
    if rule is None or not usable:
        return choice
    # each kernel's argument -> bundle map once (it reads every source's pragmas)
    arguments = {kernel.name: _argument_bundles(design, kernel) for kernel, _link in usable}
    bundles = _bundle_kinds(arguments, usable)
    kinds = list(dict.fromkeys(link.kind for _kernel, link in usable if link.kind is not None))
    kind, weighed = _main_kind(kinds, bundles, values)
    profile = _profile_for(kind, rule)
    quoted = [link for _kernel, link in usable if link.kind == kind]
    shown = name_list(list(dict.fromkeys(link.memory for link in quoted)))
    why = f"memory profile {profile} for {shown} ({_quote(quoted, root)})"
    notes = [*_kind_notes(kind, rule, profile), *weighed, *_unlinked(arguments, usable, bundles, kind)]
    choice.profile, choice.why = profile, "; ".join([why, *notes])
    return choice


def _kernel_links(kernel: Kernel, connectivity: Connectivity) -> list[SpLink]:
    """The ``sp=`` lines of ``kernel``'s CUs: those ``nk=`` names, else v++'s
    default ``<kernel>_1`` (UG1393: "the compute unit ... followed by _ and
    index, starting from the value 1")."""
    named = set(connectivity.nk.get(kernel.name, []))
    count = connectivity.nk_counts.get(kernel.name, 0) or (0 if named else 1)
    return [link for link in connectivity.sp if link.cu in named or _default_index(link.cu, kernel.name, count)]


def _default_index(cu: str, kernel: str, count: int) -> bool:
    """``cu`` is one of v++'s default names ``<kernel>_1`` .. ``<kernel>_<count>``."""
    index = cu.removeprefix(f"{kernel}_")
    return index != cu and _INDEX.fullmatch(index) is not None and int(index) <= count


def _bundle_of(port: Interface) -> str:
    return port.bundle or port.name.removeprefix("m_axi_")


def _argument_bundles(design: Design, kernel: Kernel) -> dict[str, str]:
    """C argument -> its m_axi bundle: the report's SW-to-HW mapping, else
    the ``bundle=`` of the argument's interface pragma in the sources read
    (``--source-root``), else the one bundle there is. An ``sp=`` may also
    name the port itself (``m_axi_gmem`` or ``gmem``)."""
    ports = [port for port in kernel.interfaces if port.is_axi_master]
    bundles = {_bundle_of(port) for port in ports}
    out: dict[str, str] = {}
    for port in ports:
        out[_bundle_of(port)] = out[f"m_axi_{_bundle_of(port)}"] = _bundle_of(port)
        out.update(dict.fromkeys(port.arguments, _bundle_of(port)))
    for source in design.source_files:
        for argument, bundle in axi_pragma_ports(interface_pragmas(source.content or "")).items():
            if bundle in bundles:
                out.setdefault(argument, bundle)
    return out


def _bundle_kinds(arguments: Mapping[str, dict[str, str]], usable: list[tuple[Kernel, SpLink]]
                  ) -> dict[tuple[str, str], set[str]]:
    """(kernel, bundle) -> the memory kinds its arguments are linked to
    (``arguments``: each kernel's :func:`_argument_bundles`); links of
    arguments whose bundle is not known are under bundle ``""``."""
    found: dict[tuple[str, str], set[str]] = {}
    for kernel, link in usable:
        bundle = arguments[kernel.name].get(link.argument, "")
        found.setdefault((kernel.name, bundle), set()).add(str(link.kind))
    return found


def _main_kind(kinds: list[str], bundles: dict[tuple[str, str], set[str]],
               values: Mapping[str, float]) -> tuple[str, list[str]]:
    """The one kind linked, else the kind the bundles given most bytes
    (``axi.<kernel>.<bundle>.bytes``) are linked to, said with a caution."""
    if len(kinds) == 1:
        return kinds[0], []
    moved: dict[str, float] = dict.fromkeys(kinds, 0.0)
    for (kernel, bundle), linked in bundles.items():
        amount = values.get(axi_name(kernel, bundle, "bytes")) if bundle else None
        if amount is not None and len(linked) == 1:
            moved[next(iter(linked))] += amount
    upper = [kind.upper() for kind in kinds]
    split = f"{', '.join(upper[:-1])} and {upper[-1]}"
    if any(moved.values()):
        kind = max(kinds, key=lambda name: moved[name])
        return kind, [f"the cfg links the ports to {split}: the profile of {kind.upper()}, which most of the bytes"
                      " given go to, times them all (hlsight has one DRAM profile per run)"]
    kind = "ddr" if "ddr" in kinds else kinds[0]
    return kind, [f"the cfg links the ports to {split}: {kind.upper()}'s profile times them all (hlsight has one"
                  " DRAM profile per run; the bytes of each bundle, --set axi.<kernel>.<bundle>.bytes, pick the"
                  " memory most of them go to)"]


def _profile_for(kind: str, rule: BoardRule) -> str:
    """HBM -> the board's HBM profile; DDR, PLRAM and host memory -> its DDR one."""
    return rule.hbm_profile if kind == "hbm" and rule.hbm_profile else rule.profile


def _kind_notes(kind: str, rule: BoardRule, profile: str) -> list[str]:
    if kind == "hbm" and not rule.hbm_profile:
        return [f"the board {rule.board} has no HBM profile in hlsight: {profile} assumed"]
    if kind == "plram":
        return [f"PLRAM is on-chip memory, not DRAM: its time is not modelled as such; {profile} times it"]
    if kind == "host":
        return [f"HOST is the host's memory over PCIe, which the DRAM model does not time; {profile} times it"]
    return []


def _unlinked(arguments: Mapping[str, dict[str, str]], usable: list[tuple[Kernel, SpLink]],
              bundles: dict[tuple[str, str], set[str]], kind: str) -> list[str]:
    """What the choice rests on beyond the lines quoted: bundles no ``sp=``
    links (v++ gives them the platform's default memory, which the cfg does
    not name) and arguments whose bundle the report does not map."""
    kernels = {kernel.name: kernel for kernel, _link in usable}
    notes: list[str] = []
    for name, kernel in kernels.items():
        every = [_bundle_of(port) for port in kernel.interfaces if port.is_axi_master]
        left = [bundle for bundle in every if (name, bundle) not in bundles]
        if (name, "") in bundles:
            unmapped = sorted({link.argument for known, link in usable if known is kernel
                               and link.argument not in arguments[name]})
            which = f"argument{'s' if len(unmapped) > 1 else ''} {name_list(unmapped)}"
            notes.append(f"{which}: on which of {name}'s bundles ({name_list(every)}) the report does not say"
                         " (--source-root reads the interface pragmas)")
        elif left:
            notes.append(f"no sp= line links {name}'s {name_list(left)}: v++ gives it the platform's default"
                         f" memory, which the cfg does not name ({kind.upper()} assumed)")
    return notes


def _quote(links: list[SpLink], root: Path) -> str:
    """``config.cfg: sp=CRC_X.data_in:HBM[0]``, three lines at most."""
    shown = [f"{_relative(link.file, root)}:{link.line}: {link.text}" for link in links[:3]]
    more = f" and {len(links) - 3} more" if len(links) > 3 else ""
    return ", ".join(shown) + more


def _relative(path: Path, root: Path) -> str:
    return path.name if path.parent == root else f"../{path.name}"
