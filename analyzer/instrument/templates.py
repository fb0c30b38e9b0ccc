"""Counters for the instances of a C++ function template.

HLS synthesizes each instance of a template as a module of its own
(``copy<64, int>`` -> ``copy_64_int_s``, decision 76), each with its own
schedule of the one body. Counters are spliced into the text, so one
instrumented body serves every instance; what tells the instances apart runs
in the program: a function-local static of the body (one per instance in
C++) holds the instance's *row*, found once from the instance's address, and
every hook of the body takes its block id from the runtime's table
``hlsight_slots[row][slot]`` (``-1``: that instance has no such block, and
the hook does nothing). A slot is one place of the body: the function, a
loop's frame, the body where a loop's iterations are counted.

An instance is counted only when it is exactly one module of the report;
any other keeps the template's ``instrument-template-skipped`` warning (and
what the caller's report latency holds of it), said by name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pycparser import c_ast

from hlsight.analyzer.instrument.design_sources import DesignSources
from hlsight.analyzer.instrument.plan import Plan
from hlsight.analyzer.instrument.sourceloops import SourceFunction, called_names
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design
from hlsight.parsers.cxx.lower import TemplateInstance
from hlsight.parsers.vivado.names import cxx_module_name, instance_modules

SKIPPED_RULE = "instrument-template-skipped"
INSTANCE_RULE = "instrument-template-instance"
#: the function-local static of an instrumented template body: the instance's row (``-1``: none)
ROW = "hlsight_tb"


@dataclass
class InstanceTable:
    """Rows (instances) and slots (places of a template body) of the runtime's table."""

    instances: dict[str, TemplateInstance]
    rows: dict[str, int] = field(default_factory=dict)
    #: (file, template) -> (what, token index or 0) -> slot
    slots: dict[tuple[str, tuple[int, int]], dict[tuple[str, int], int]] = field(default_factory=dict)
    table: list[list[int]] = field(default_factory=list)

    @property
    def width(self) -> int:
        return max((len(row) for row in self.table), default=0)

    def expression(self, filename: str, instance: str, what: str, token: int) -> str:
        """The C expression of the block id at place ``(what, token)`` of the running instance's body."""
        slot = self.slots[(filename, self.instances[instance].template)][(what, token)]
        return f"hlsight_slot({ROW}, {slot})"


def instance_functions(sources: DesignSources, design: Design) -> tuple[DesignSources, dict[str, TemplateInstance],
                                                                          list[Diagnostic]]:
    """The design with each template instance that is exactly one report
    module added as a function (the calls of it renamed to it), those
    instances, and what to say of the others; a template whose every called
    instance is counted loses its ``instrument-template-skipped`` warning."""
    functions, owners = dict(sources.functions), dict(sources.owners)
    counted: dict[str, TemplateInstance] = {}
    notes: list[Diagnostic] = []
    left: set[tuple[str, int]] = set()  # (file, line) of templates with an instance not counted
    names = [kernel.name for kernel in design.kernels]
    modules = {name: instance_modules(names, name) for file in sources.edited_files for name in file.instances}
    shared = _shared_modules(modules)
    for file in sources.edited_files:
        for name, function in file.instances.items():
            info = file.templates[name]
            why = shared.get(name) or _not_counted(name, info, modules[name], names, functions)
            if why == _INLINED:  # no module of its own: HLS inlined it, its loops count in its caller's module
                functions[name], owners[name], counted[name] = function, file, info
                continue
            if why:
                left.add((str(file.path), info.template[0]))
                if not function.all_loops():
                    continue  # nothing of it was counted or said before (a small helper HLS inlines)
                notes.append(Diagnostic(INSTANCE_RULE, Severity.WARNING,
                                        f"instance '{name}' of function template '{name.split('<')[0]}' is not"
                                        f" instrumented: {why}; it runs uncounted, as the template's other"
                                        f" instances did before ({SKIPPED_RULE})", file=str(file.path),
                                        line=info.template[0],
                                        kernel=name))
                continue
            functions[name], owners[name], counted[name] = function, file, info
    # a header's instances are called from the design files' code (and from
    # each other): every call is renamed once all files' instances are known
    calls = {id(file.unit.instance_calls): file.unit.instance_calls for file in sources.edited_files}
    _rename_calls([call for group in calls.values() for call in group], counted,
                  *(group for file in sources.edited_files
                    for group in (file.functions.values(), file.instances.values())))
    templates = {(str(owners[name].path), info.template[0]) for name, info in counted.items()}
    kept = [note for note in sources.notes if not (
        note.rule == SKIPPED_RULE and (note.file, note.line) in templates - left)]
    return dataclasses.replace(sources, functions=functions, owners=owners, notes=kept), counted, notes


def _shared_modules(modules: Mapping[str, list[str]]) -> dict[str, str]:
    """Why each instance that one module names together with another
    instance is not counted (``modules``: each instance's modules, by
    :func:`~hlsight.parsers.vivado.names.instance_modules`): the module
    named by the template alone is one instance's only while no other
    instance of the template takes it too."""
    takers: dict[str, list[str]] = {}
    for name, found in modules.items():
        if len(found) == 1:
            takers.setdefault(found[0], []).append(name)
    return {name: (f"the report module {module} is named for {len(instances)} instances ({', '.join(instances)}),"
                   " so which one runs its schedule is not known")
            for module, instances in takers.items() if len(instances) > 1 for name in instances}


#: what :func:`_not_counted` says of an instance no module names: HLS inlined it (planned as an inlined function)
_INLINED = "inlined"


def _not_counted(name: str, info: TemplateInstance, modules: list[str], names: list[str],
                 functions: Mapping[str, SourceFunction]) -> str:
    """Why instance ``name``, which the report modules ``modules`` of all
    ``names`` name, is not instrumented ("": it is, as its module;
    :data:`_INLINED`: as a function HLS inlined, its loops those of the
    module it is inlined into, as for any function without a module)."""
    if info.unsupported:
        return f"hlsight cannot tell it apart at run time ({info.unsupported})"
    if name in functions:
        return "a function of the design has the same name"
    base = name.split("<")[0].rsplit("::", 1)[-1]
    if not modules and not any(module == base or module.startswith(f"{base}_") for module in names):
        return _INLINED  # no module of the template at all (one of another instance's name would be a doubt)
    if len(modules) != 1:
        found = ", ".join(modules) if modules else "none"
        count = "no" if not modules else len(modules)
        return (f"it names {count} report module{'s' if len(modules) > 1 else ''} as an instance is named"
                f" ('{cxx_module_name(name)}'; found: {found}), so which module's schedule it runs is not known")
    return ""


def _rename_calls(calls: list[tuple[c_ast.ID, str]], counted: Mapping[str, TemplateInstance],
                  *groups: Iterable[SourceFunction]) -> None:
    """Each call of a counted instance named as the instance, any other as
    the template, as the lowering names it (the same parsed file may be
    planned again against another report), and the callers' call lists redone."""
    renamed = False
    for node, instance in calls:
        name = instance if instance in counted else instance.split("<")[0]
        if node.name != name:
            node.name, renamed = name, True
    if not renamed:
        return
    for group in groups:
        for function in group:
            function.calls = called_names(function.node.body)


def instance_table(plan: Plan, instances: Mapping[str, TemplateInstance]) -> InstanceTable:
    """The rows and slots of every instrumented instance in ``plan``: one
    with a module of its own (its function's block and its loops'), and one
    HLS inlined (its loops' blocks, counted in the module it is inlined
    into; no function block). A body's slots are keyed by its file (the
    plan's ``files``) and the template's place in it."""
    table = InstanceTable(dict(instances))
    entries: dict[str, dict[tuple[str, int], int]] = {}
    for name, item in plan.functions.items():
        if name in instances:
            entries[name] = {("function", 0): item.block.id}
    for block in plan.loop_blocks.values():
        if block.function not in instances or block.loop is None or block.loop.keyword_token is None:
            continue
        places = entries.setdefault(block.function, {})
        counted = block.count_loop or block.loop
        places[("frame", block.loop.keyword_token)] = block.id
        if counted.keyword_token is not None:
            places[("count", counted.keyword_token)] = block.id
    for name in entries:
        table.rows[name] = len(table.rows)

    def key(name: str) -> tuple[str, tuple[int, int]]:
        return plan.files[name], instances[name].template

    for name, places in entries.items():
        slots = table.slots.setdefault(key(name), {("function", 0): 0})  # every body opens a function scope
        for place in places:
            slots.setdefault(place, len(slots))
    for name, places in entries.items():
        slots = table.slots[key(name)]
        row = [-1] * len(slots)
        for place, block_id in places.items():
            row[slots[place]] = block_id
        table.table.append(row)
    width = table.width
    table.table = [row + [-1] * (width - len(row)) for row in table.table]
    return table


_KEY = "void (*)(void)"


def row_declaration() -> str:
    """Declared before the file's code: the function that finds an instance's row (defined after it)."""
    return f"static int hlsight_instance_row({_KEY.replace('(*)', '(*key)')}); /* hlsight: defined at the end */"


def row_definition(entries: list[tuple[str, int]], register: bool = False) -> str:
    """After the file's code: each instance's address (``&copy<64, int>``)
    with its row; an address not listed (an instance the report does not
    name) is row -1, whose hooks do nothing. With ``register`` (some are
    instances of a user header's template), the lookup is registered for
    the header's bodies (``hlsight_header_row``)."""
    keys = ", ".join(f"reinterpret_cast<{_KEY}>({address})" for address, _row in entries)
    rows = ", ".join(str(row) for _address, row in entries)
    registered = ("static const int hlsight_rows_registered = hlsight_register_rows(&hlsight_instance_row);"
                  " /* hlsight: for the bodies in user headers */\n") if register else ""
    return (f"\n/* hlsight: the row of each instrumented template instance in hlsight_slots */\n"
            f"static int hlsight_instance_row({_KEY.replace('(*)', '(*key)')})\n{{\n"
            f"    static {_KEY.replace('(*)', '(*const keys[])')} = {{ {keys} }};\n"
            f"    static const int rows[] = {{ {rows} }};\n"
            "    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; ++i)\n"
            "        if (keys[i] == key)\n            return rows[i];\n    return -1;\n}\n" + registered)


def body_prelude(own_address: str, function: str, in_header: bool = False) -> str:
    """After the template body's ``{``, on its line: the instance's row, a
    function-local static (one per instance), and its function frame. A
    body in a user header asks the lookups the design files register."""
    lookup = "hlsight_header_row" if in_header else "hlsight_instance_row"
    return (f" static const int {ROW} = {lookup}(reinterpret_cast<{_KEY}>({own_address}));"
            f" hlsight_function_scope hlsight_scope({function});")
