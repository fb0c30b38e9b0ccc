"""Pass 2 code generation: splice the counters of a :class:`Plan` into the
original text and render the runtime header (Jinja templates in
``templates/instrument``).

Every snippet stays on the line where it is inserted and the header include
is followed by ``#line 1``, so line numbers (``__LINE__``, compiler messages)
of the instrumented file equal the original's.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import jinja2
from pycparser import c_ast
from pycparser.c_parser import Coord

from hlsight.analyzer.instrument import templates
from hlsight.analyzer.instrument.plan import Block, BlockKind, Composition, InstrumentedFunction, Plan
from hlsight.analyzer.instrument.sourceloops import SourceLoop, is_compound, loop_tokens
from hlsight.analyzer.instrument.splice import Edit, apply_edits, closing_rank, opening_rank
from hlsight.analyzer.instrument.templates import InstanceTable
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.parsers.csource.tokens import SourceText, Token, TokenKind

HEADER_NAME = "hlsight_cycles.h"
BODY_SUFFIX = "__hlsight_body"
_STORAGE = {"static", "inline", "extern", "__inline", "__inline__", "register"}
_KIND_CODES = {BlockKind.FUNCTION: 0, BlockKind.PIPELINED: 1, BlockKind.SEQUENTIAL: 2, BlockKind.PARALLEL: 3}


def c_string(value: str) -> str:
    """A C string literal for ``value`` (JSON escaping is valid C for ASCII)."""
    return json.dumps(value, ensure_ascii=True)


def template_environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("hlsight.templates", "instrument"),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters["c_string"] = c_string
    return environment


@functools.cache
def snippet_macros() -> Any:
    """The macros of ``snippets.c.j2`` (a Jinja template module), compiled
    once per process: compiling the template costs ~80 ms, more than
    instrumenting a small file."""
    return template_environment().get_template("snippets.c.j2").module


class TransferSite(Protocol):
    """What code generation needs of a DRAM transfer (see :mod:`hlsight.analyzer.instrument.memory`)."""

    @property
    def call(self) -> c_ast.FuncCall: ...
    @property
    def function(self) -> str: ...
    @property
    def is_write(self) -> bool: ...
    @property
    def port_bits(self) -> int: ...


@dataclass
class MemoryConstants:
    """Per-cycle constants of the section IV memory model for the header."""

    name: str
    dbw_p_bytes_per_cycle: float
    dbw_c_read_bytes_per_cycle: float
    dbw_c_write_bytes_per_cycle: float
    dlat_read_cycles: int
    dlat_write_cycles: int


@dataclass
class Instrumented:
    """Result of pass 2: the new source text, the header, and notes. ``source``
    is the primary file's text; ``texts`` holds every design file's, by the
    file name the generator was given (a design may span several files)."""

    source: str
    header: str
    plan: Plan
    diagnostics: list[Diagnostic] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)


class CodeGenerator:
    """Splices the counters of ``plan`` into one file's text. For a design of
    several files, one generator per file: ``functions`` names the functions
    that file defines (None: all of the plan's), and ``owner`` says whether it
    defines the runtime's shared state (exactly one file of the program does)."""

    def __init__(self, plan: Plan, source: SourceText, report: str, version: str,
                 memory: MemoryConstants | None = None, transfers: Sequence[TransferSite] = (),
                 functions: Collection[str] | None = None, owner: bool = True,
                 instances: InstanceTable | None = None, rows_listed: Collection[str] | None = None,
                 header_include: str | None = None):
        self.plan = plan
        #: a user header (:mod:`.design_tree`): its template bodies find their
        #: rows through the lookups the design files register, and it lists none
        self.in_header = header_include is not None
        #: how this file includes the runtime header (a user header below the design file: ``../hlsight_cycles.h``)
        self.runtime_include = header_include or HEADER_NAME
        #: rows and slots of the C++ template instances (:mod:`.templates`)
        self.instances = instances or InstanceTable({})
        #: the instances whose rows this file's end lists (``None``: the ones it
        #: defines; a header lists none: the file including it lists them, after
        #: the types its instances name are declared)
        self.rows_listed = () if self.in_header else rows_listed
        self.functions = functions
        self.owner = owner
        self.transfers = list(transfers)
        self.source = source
        self.report = report
        self.version = version
        self.memory = memory
        self.environment = template_environment()
        self.snippets: Any = snippet_macros()
        self.edits: list[Edit] = []
        self.diagnostics: list[Diagnostic] = []
        #: places of template bodies given their hooks (every instance shares them)
        self._placed: set[tuple[str, int]] = set()

    def generate(self) -> Instrumented:
        rows = self.instances.rows
        here = [name for name in rows if self._here(name)]
        prelude = templates.row_declaration() if here and not self.in_header else ""
        include = self.snippets.include_runtime(self.runtime_include, self.owner, prelude)
        self.edits.append(Edit(0, 0, -10**6, str(include)))
        for block in self.plan.loop_blocks.values():
            if self._here(block.function):
                if block.function in rows:
                    self._template_loop(block)
                else:
                    self._loop(block)
        for group in self.plan.groups:
            if self._here(group.function):
                self._group(group)
        for item in self.plan.functions.values():
            if self._here(item.source.name):
                if item.source.name in rows:
                    self._template_function(item.source.name, item.source.node.decl.coord, item.block)
                else:
                    self._function(item)
        for name in rows:  # an instance HLS inlined: its body's loops have blocks, the function none
            if name not in self.plan.functions and self._here(name):
                block = next(block for block in self.plan.loop_blocks.values() if block.function == name)
                line, column = self.instances.instances[name].template
                self._template_function(name, Coord(self.source.filename, line, column), block)
        for transfer in self.transfers:
            if self._here(transfer.function):
                if transfer.function in rows:
                    self.diagnostics.append(Diagnostic(
                        "instrument-memcpy-template", Severity.WARNING, f"memcpy in '{transfer.function}' is in"
                        " a template body that serves several instances: its DRAM time is not counted",
                        file=self.source.filename, line=int(transfer.call.coord.line)))
                    continue
                self._transfer(transfer)
        listed = here if self.rows_listed is None else [name for name in rows if name in self.rows_listed]
        if listed:
            end = len(self.source.text)
            self.edits.append(Edit(end, end, 10**6, templates.row_definition(
                [(self.instances.instances[name].address, rows[name]) for name in listed],
                register=any(self.instances.instances[name].file for name in listed))))
        text = apply_edits(self.source.text, self.edits, self.source.filename)
        return Instrumented(text, self._header(), self.plan, self.diagnostics, {self.source.filename: text})

    def _here(self, function: str) -> bool:
        """Whether ``function`` is defined in the file this generator edits."""
        return self.functions is None or function in self.functions

    # -- loops
    def _loop(self, block: Block) -> None:
        assert block.loop is not None
        tokens = loop_tokens(self.source, block.loop)
        if tokens is None:
            return
        frameless = self._frameless(block)
        local = self._local_sequential(block)
        acc = self._host(block) is not None
        hosted = [other.id for other in self.plan.loop_blocks.values() if self._host(other) is block]
        if frameless:
            enter, leave = self.snippets.pipe_enter(block.id, acc), self.snippets.pipe_exit(block.id, acc)
        elif local:
            enter = self.snippets.seq_enter(block.id, hosted)
            leave = self.snippets.seq_exit(block.id, acc, hosted)
        else:
            enter, leave = self.snippets.loop_enter(block.id), self.snippets.loop_exit(block.id)
        self._wrap(block.loop, tokens, str(enter), str(leave))
        for statement in block.breaks:
            self._break(block, statement, local)
        counted = block.count_loop or block.loop  # a flattened nest counts its innermost iterations
        counted_tokens = loop_tokens(self.source, counted)
        if counted_tokens is None:
            return
        hook = "hlsight_count" if block.kind is BlockKind.PIPELINED else "hlsight_iter"
        if frameless:
            inline, opening = self.snippets.local_count(block.id), self.snippets.open_local_count(block.id)
        elif local:
            inline, opening = self.snippets.seq_iteration(block.id), self.snippets.open_seq_iteration(block.id)
        else:
            inline, opening = self.snippets.iteration(block.id, hook), self.snippets.open_body(block.id, hook)
        self._count_in_body(counted, counted_tokens, str(inline), str(opening))

    def _wrap(self, loop: SourceLoop, tokens: tuple[int, int, int, int], enter: str, leave: str) -> None:
        """``enter`` before ``loop``'s keyword and ``leave`` after its last token, ranked by its depth."""
        keyword, _body_first, _body_last, last = tokens
        depth = _depth(loop)
        start, end = self.source.tokens[keyword].start, self.source.tokens[last].end
        self.edits.append(Edit(start, start, opening_rank(depth), enter))
        self.edits.append(Edit(end, end, closing_rank(depth), leave))

    def _count_in_body(self, counted: SourceLoop, tokens: tuple[int, int, int, int], inline: str,
                       opening: str) -> None:
        """The per-iteration hook at the top of ``counted``'s body: ``inline``
        after the ``{`` of a compound body, else ``opening`` before the one
        statement and the body's closing after it (plain loops and template
        bodies alike)."""
        _keyword, body_first, body_last, _last = tokens
        depth = _depth(counted)
        first = self.source.tokens[body_first]
        if is_compound(self.source, body_first):
            self.edits.append(Edit(first.end, first.end, opening_rank(depth, 1), inline))
        else:
            body_end = self.source.tokens[body_last].end
            self.edits.append(Edit(first.start, first.start, opening_rank(depth, 1), opening))
            self.edits.append(Edit(body_end, body_end, closing_rank(depth, 1), str(self.snippets.close_body())))

    # -- loops of a template body: one set of hooks for every instance (see :mod:`.templates`)
    def _template_loop(self, block: Block) -> None:
        """The hooks of ``block``'s places in the template body, once for all
        instances: the frame at the loop (``hlsight_enter``/``hlsight_exit``),
        the per-iteration ``hlsight_tick`` where its iterations are counted,
        its exit ``break``; each takes the running instance's block id."""
        assert block.loop is not None
        tokens = loop_tokens(self.source, block.loop)
        if tokens is None:
            return
        frame = self._slot(block, "frame", tokens[0])
        if frame is not None:
            self._wrap(block.loop, tokens, str(self.snippets.loop_enter(frame)), str(self.snippets.loop_exit(frame)))
            for statement in block.breaks:
                self._template_break(statement, frame)
        counted = block.count_loop or block.loop
        counted_tokens = loop_tokens(self.source, counted)
        if counted_tokens is None:
            return
        tick = self._slot(block, "count", counted_tokens[0])
        if tick is None:
            return
        self._count_in_body(counted, counted_tokens, str(self.snippets.iteration(tick, "hlsight_tick")),
                            str(self.snippets.open_body(tick, "hlsight_tick")))

    def _slot(self, block: Block, what: str, token: int) -> str | None:
        """The id expression of place ``(what, token)``, the first time it is asked for (else None)."""
        key = (what, token)
        if key in self._placed:
            return None
        self._placed.add(key)
        return self.instances.expression(self.source.filename, block.function, what, token)

    def _template_break(self, statement: c_ast.Break, frame: str) -> None:
        """``break;`` -> ``{ hlsight_break(id); break; }``, once per place."""
        key = ("break", int(statement.coord.line) * 10**4 + int(statement.coord.column or 0))
        if key in self._placed:
            return
        self._placed.add(key)
        index = self.source.token_at(self.source.offset(int(statement.coord.line), int(statement.coord.column or 1)))
        if index is None or not self.source.is_ident(index, "break"):
            return
        semicolon = self.source.next_code(index)
        if not self.source.is_punct(semicolon, ";"):
            return
        start, end = self.source.tokens[index].start, self.source.tokens[semicolon].end
        self.edits.append(Edit(start, start, opening_rank(99), str(self.snippets.break_enter(frame))))
        self.edits.append(Edit(end, end, closing_rank(99), str(self.snippets.break_exit())))

    def _template_function(self, name: str, coord: Coord, block: Block) -> None:
        """At the template body's ``{``, once: the instance's row (a
        function-local static, one per instance) and its function frame,
        closed when the body is left (a C++ scope object; an inlined
        instance's frame is no block, and does nothing). ``coord`` is where
        the template's name is written."""
        instance = self.instances.instances[name]
        key = ("template", instance.template[0] * 10**4 + instance.template[1])
        if key in self._placed:
            return
        self._placed.add(key)
        base = instance.own_address.lstrip("&").split("<")[0]
        index = self.source.token_at(self.source.offset(int(coord.line), int(coord.column or 1)))
        if index is None or not self.source.is_ident(index, base):
            self._note(block, f"template '{base}' is not instrumented: its name could not be located in the"
                              " source text (macro?)")
            return
        body_open = self._body_open(index)
        token = self.source.tokens[body_open]
        function = self.instances.expression(self.source.filename, name, "function", 0)
        self.edits.append(Edit(token.end, token.end, 0,
                               templates.body_prelude(instance.own_address, function, self.in_header)))

    def _break(self, block: Block, statement: c_ast.Break, local: bool) -> None:
        """``break;`` -> ``{ hlsight_break(id); break; }`` on the same line."""
        line, column = int(statement.coord.line), int(statement.coord.column or 1)
        index = self.source.token_at(self.source.offset(line, column))
        if index is None or not self.source.is_ident(index, "break"):
            candidates = [i for i in self.source.tokens_on_line(line) if self.source.is_ident(i, "break")]
            index = candidates[0] if len(candidates) == 1 else None
        if index is None:
            return  # in a macro: the exiting iteration keeps the IL_min floor
        semicolon = self.source.next_code(index)
        if not self.source.is_punct(semicolon, ";"):
            return
        start, end = self.source.tokens[index].start, self.source.tokens[semicolon].end
        enter = self.snippets.seq_break_enter(block.id) if local else self.snippets.break_enter(block.id)
        self.edits.append(Edit(start, start, opening_rank(99), str(enter)))
        self.edits.append(Edit(end, end, closing_rank(99), str(self.snippets.break_exit())))

    def _frameless(self, block: Block) -> bool:
        """A pipelined loop needs no runtime frame when control always leaves
        it through its end (no ``return``/``goto`` inside) and its parent adds
        children serially (eq. 1): then a local start time and a local trip
        counter suffice (HLScope+ Fig. 7)."""
        return block.kind is BlockKind.PIPELINED and self._leaves_through_end(block)

    def _host(self, block: Block) -> Block | None:
        """The outermost loop of the chain of local-frame loops around
        ``block`` (its statistics are kept in that loop's locals), or None
        when ``block`` is not inside one."""
        if not (self._frameless(block) or self._local_sequential(block)):
            return None
        host = None
        parent = block.parent
        while parent is not None and self._local_sequential(parent):
            host, parent = parent, parent.parent
        return host

    def _local_sequential(self, block: Block) -> bool:
        """The same for a sequential loop: its frame (start, iteration start,
        trip count, child-entry mark) lives in locals, so the per-iteration
        hook touches no runtime stack (the overhead lever of issue 13)."""
        return block.kind is BlockKind.SEQUENTIAL and self._leaves_through_end(block)

    def _leaves_through_end(self, block: Block) -> bool:
        if block.loop is None or self.memory is not None or block.function in self.instances.rows:
            return False  # a template's loops keep their frames on the runtime stack (ids known at run time)
        if block.parent is None:
            function = self.plan.functions.get(block.function)
            if function is None or function.block.composition is not Composition.SERIAL:
                return False
        stack = [block.loop.node]
        while stack:
            node = stack.pop()
            if isinstance(node, (c_ast.Return, c_ast.Goto)):
                return False
            stack.extend(child for _name, child in node.children())
        return True

    # -- DRAM transfers (section IV)
    def _transfer(self, transfer: TransferSite) -> None:
        """``memcpy(d, s, n)`` -> ``(hlsight_memory((long long)(n), w, bits), memcpy)(d, s, n)``."""
        name = self._statement_token(transfer.call)
        if name is None:
            self.diagnostics.append(Diagnostic("instrument-memcpy-macro", Severity.WARNING,
                                               "memcpy could not be located in the source text: not counted",
                                               file=self.source.filename, line=int(transfer.call.coord.line)))
            return
        open_paren = self.source.next_code(name)
        close_paren = self.source.matching(open_paren)
        depth, commas = 0, []
        for index in range(open_paren + 1, close_paren):
            token = self.source.tokens[index]
            if token.kind is TokenKind.PUNCT and token.text in "([{":
                depth += 1
            elif token.kind is TokenKind.PUNCT and token.text in ")]}":
                depth -= 1
            elif depth == 0 and self.source.is_punct(index, ","):
                commas.append(index)
        if len(commas) != 2:
            return
        size = self.source.text[self.source.tokens[commas[1]].end : self.source.tokens[close_paren].start].strip()
        token = self.source.tokens[name]
        hook = f"(hlsight_memory((long long)({size}), {int(transfer.is_write)}, {transfer.port_bits}), memcpy)"
        self.edits.append(Edit(token.start, token.end, 0, hook))

    # -- groups of independent calls
    def _group(self, group: Block) -> None:
        first = self._statement_token(group.calls[0])
        last = self._statement_token(group.calls[-1])
        if first is None or last is None:
            self._note(group, "the calls could not be located in the source text; composed serially")
            group.kind = BlockKind.FUNCTION  # inert: never entered
            return
        end = self.source.tokens[self.source.statement_end(last)].end
        start = self.source.tokens[first].start
        self.edits.append(Edit(start, start, opening_rank(0), str(self.snippets.group_enter(group.id))))
        self.edits.append(Edit(end, end, closing_rank(0), str(self.snippets.group_exit(group.id))))

    def _statement_token(self, call: c_ast.FuncCall) -> int | None:
        coord = call.name.coord
        index = self.source.token_at(self.source.offset(int(coord.line), int(coord.column or 1)))
        # a template's instance (``copy<64, int>``) is called by the template's name
        if index is None or not self.source.is_ident(index, str(call.name.name).split("<")[0]):
            return None
        return index

    # -- functions: rename the definition, add a counting wrapper after it
    def _function(self, item: InstrumentedFunction) -> None:
        definition = item.source.node
        name = item.source.name
        coord = definition.decl.coord
        name_index = self.source.token_at(self.source.offset(int(coord.line), int(coord.column or 1)))
        if name_index is None or not self.source.is_ident(name_index, name):
            # the name as a declarator: followed by its parameter list (not an argument of a macro)
            candidates = [i for i in self.source.tokens_on_line(int(coord.line)) if self.source.is_ident(i, name)
                          and self.source.tokens[self.source.next_code(i)].text == "("]
            name_index = candidates[0] if candidates else self._name_through_macro(definition, name_index)
        reason = self._unsupported(definition)
        if name_index is None:
            reason = "its name could not be located in the source text (macro?)"
        if reason is not None:
            self._note(item.block, f"function '{name}' is not instrumented: {reason}")
            return
        assert name_index is not None
        body_open = self._body_open(name_index)
        body_close = self.source.matching(body_open)
        first = self._declaration_start(name_index)
        signature_tokens = self.source.tokens[first:body_open]
        if any(token.kind is TokenKind.DIRECTIVE for token in signature_tokens):
            self._note(item.block, f"function '{name}' is not instrumented: its signature contains a directive")
            return
        signature = _join_tokens(signature_tokens)
        return_words = [t.text for t in self.source.tokens[first:name_index] if t.text not in _STORAGE]
        return_type = None if _returns_void(definition) else " ".join(return_words)
        arguments = _parameter_names(definition)
        token = self.source.tokens[name_index]
        self.edits.append(Edit(token.start, token.end, 0, name + BODY_SUFFIX))
        end = self.source.tokens[body_close].end
        wrapper = self.snippets.wrapper(signature + " ", name + BODY_SUFFIX, item.block.id, return_type, arguments)
        self.edits.append(Edit(end, end, closing_rank(0) - 10**5, " " + str(wrapper)))

    def _name_through_macro(self, definition: c_ast.FuncDef, index: int | None) -> int | None:
        """The definition's name written as an object-like macro of it
        (``#define sha3_256 pqcrystals_fips202_ref_sha3_256``, the PQClean /
        pqcrystals naming of a public SHA-3 top): the identifier where the
        declarator's name is, followed by a parameter list naming the
        definition's parameters (so a function-like macro that writes the
        whole signature, ``DEFINE_FN(foo)``, is not taken). The renamed body
        and the wrapper then keep the macro, which still expands to the name."""
        if index is None or self.source.tokens[index].kind is not TokenKind.IDENT:
            return None
        opening = self.source.next_code(index)
        if self.source.tokens[opening].text != "(":
            return None
        closing = self.source.matching(opening)
        written = {token.text for token in self.source.tokens[opening + 1:closing] if token.kind is TokenKind.IDENT}
        parameters = set(_parameter_names(definition))
        if not parameters <= written or (not parameters and written - {"void"}):
            return None
        return index

    def _unsupported(self, definition: c_ast.FuncDef) -> str | None:
        if definition.param_decls:
            return "K&R-style parameter declarations"
        function_type = definition.decl.type
        parameters = function_type.args.params if function_type.args is not None else []
        for parameter in parameters:
            if isinstance(parameter, c_ast.EllipsisParam):
                return "variadic parameters"
            if isinstance(parameter, c_ast.Typename) and not _is_void(parameter):
                return "an unnamed parameter"
        if isinstance(function_type.type, c_ast.PtrDecl) and isinstance(function_type.type.type, c_ast.FuncDecl):
            return "it returns a function pointer"
        if definition.decl.name == "main":
            return "'main' belongs to the testbench"
        return None

    def _body_open(self, name_index: int) -> int:
        close = self.source.matching(self.source.next_code(name_index))
        index = self.source.next_code(close)
        while not self.source.is_punct(index, "{"):
            index = self.source.next_code(index)
        return index

    def _declaration_start(self, name_index: int) -> int:
        index = name_index
        while index > 0:
            previous = self.source.tokens[index - 1]
            if previous.kind is TokenKind.DIRECTIVE or (previous.kind is TokenKind.PUNCT and previous.text in ";{}"):
                break
            index -= 1
        return index

    # -- header
    def _header(self) -> str:
        blocks = [_header_row(block) for block in self.plan.blocks]
        template = self.environment.get_template("hlsight_cycles.h.j2")
        return template.render(
            header=HEADER_NAME, version=self.version, source=self.source.filename, top=self.plan.top,
            report=self.report, blocks=blocks, memory=self.memory, slots=self.instances.table,
            top_id=self.plan.functions[self.plan.top].block.id if self.plan.top in self.plan.functions else -1,
        )

    def _note(self, block: Block, message: str) -> None:
        self.diagnostics.append(Diagnostic("instrument-skipped", Severity.WARNING, message,
                                           file=self.source.filename, line=block.line, kernel=block.function))


def _header_row(block: Block) -> dict[str, object]:
    return {
        "name": block.name, "function": block.function, "report_name": block.report_name, "line": block.line,
        "kind_code": _KIND_CODES[block.kind], "composition": block.composition, "ii": block.ii, "il": block.il,
        "delta": block.delta, "residual": block.residual, "floor": block.floor, "has_floor": block.has_floor,
        "fill": block.fill, "unroll": block.unroll, "ceiling": block.ceiling, "beside": block.beside,
    }


def _join_tokens(tokens: Sequence[Token]) -> str:
    """Tokens on one line: a space where the text had any gap, none where
    they touched (``hls::stream<int>&`` stays one C++ type)."""
    out: list[str] = []
    for index, token in enumerate(tokens):
        if index and tokens[index - 1].end != token.start:
            out.append(" ")
        out.append(token.text)
    return "".join(out)


def _depth(loop: SourceLoop | None) -> int:
    depth = 0
    while loop is not None:
        depth += 1
        loop = loop.parent
    return depth


def _is_void(node: c_ast.Node) -> bool:
    """``void``, also qualified: Vivado HLS accepts a top declared ``volatile
    void f(...)`` (a public AXI DMA controller), and the C++ lowering spells
    the qualifier into the type's name."""
    inner = getattr(node, "type", None)
    if not (isinstance(inner, c_ast.TypeDecl) and isinstance(inner.type, c_ast.IdentifierType)):
        return False
    words = [word for name in inner.type.names for word in str(name).split()]
    return [word for word in words if word not in _QUALIFIERS] == ["void"]


_QUALIFIERS = frozenset({"const", "volatile"})


def _returns_void(definition: c_ast.FuncDef) -> bool:
    return _is_void(definition.decl.type)


def _parameter_names(definition: c_ast.FuncDef) -> list[str]:
    arguments = definition.decl.type.args
    if arguments is None:
        return []
    return [str(parameter.name) for parameter in arguments.params if isinstance(parameter, c_ast.Decl)]
