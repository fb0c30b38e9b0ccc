"""Find the SYCL kernels of a translation unit: ``single_task``/``parallel_for``
calls whose function argument is a lambda.

Each kernel is known by the line of its call (where the report's kernel
debug location points), by its kernel-name type when it has one
(``single_task<VectorAdd>`` -> ``VectorAdd``, ``Kernel<AttrType>``) and, for
``parallel_for``, by its global size argument.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import PurePath

from clang import cindex

from hlsight.analyzer.access.sycl_clang import (
    CK,
    TK,
    call_arguments,
    call_name,
    evaluate_int,
    expression_children,
    in_main_file,
    pointee,
    strip,
)
from hlsight.parsers.cxx.visitor import CursorVisitor, children

_LAUNCHES = {"single_task", "parallel_for"}

#: the dimensions of a work-item parameter's type (``sycl::nd_item<2>``; no number: 1)
_ID_DIMENSIONS = re.compile(r"\b(?:id|item|nd_item)<(\d*)")


@dataclass
class SyclKernel:
    """One kernel launch in the source."""

    launch: str  # "single_task" | "parallel_for"
    file: str
    line: int  # of the call
    lambda_line: int
    name: str | None  # kernel-name type as written, e.g. "VectorAdd", "Kernel<AttrType>"
    body: cindex.Cursor  # the lambda, or a functor's ``operator()``
    global_size: cindex.Cursor | None  # parallel_for's range / nd_range argument
    #: a functor kernel's data members by name, as the launch instantiates them
    fields: dict[str, cindex.Cursor] = field(default_factory=dict)

    @property
    def ndrange(self) -> bool:
        return self.launch == "parallel_for"

    def holds(self, declaration: cindex.Cursor) -> bool:
        """``declaration`` is a data member of the kernel functor: what the
        host gave the kernel, as a lambda's captured variables are."""
        return bool(self.body.kind == CK.CXX_METHOD and declaration.kind == CK.FIELD_DECL
                    and declaration.spelling in self.fields
                    and declaration.semantic_parent == self.body.semantic_parent)

    def member(self, declaration: cindex.Cursor) -> cindex.Cursor:
        """The functor member ``declaration`` as the launch instantiates it
        (its type concrete), else ``declaration``."""
        return self.fields.get(declaration.spelling, declaration) if self.holds(declaration) else declaration

    def dimensions(self) -> tuple[int, str]:
        """The NDRange dimensions the launch's work-item parameter has
        (``sycl::nd_item<2>``: 2) and that parameter's type, as the user wrote it."""
        for child in children(self.body):
            if child.kind == CK.PARM_DECL:
                found = _ID_DIMENSIONS.search(child.type.get_canonical().spelling)
                count = int(found.group(1)) if found and found.group(1) else 1
                return count, f"{child.type.spelling} {child.spelling} at {PurePath(self.file).name}:{self.lambda_line}"
        return 1, ""

    @functools.cached_property
    def local_size(self) -> tuple[int, ...] | None:
        """The work-group size the launch fixes, per dimension as the user's
        code numbers them: the ``nd_range``'s local range when every
        component is a constant (``nd_range<1>(n, 64)``, ``range<1>(kLocal)``
        with a constexpr), else a ``[[sycl::reqd_work_group_size(...)]]`` on
        the lambda with one number per dimension (or Intel's three, ``(Z, Y,
        X)``, the leading ones 1); ``None`` when neither
        fixes it (the host's value, ``local_range<d>``, is then asked for)."""
        dimensions = self.dimensions()[0]
        launched = _local_range(self.global_size) if self.ndrange and self.global_size is not None else None
        fixed = launched if launched is not None else _required_size(self.body)
        if launched is None and fixed is not None and len(fixed) == 3 > dimensions >= 1 \
                and all(number == 1 for number in fixed[:3 - dimensions]):
            # Intel's three numbers `(Z, Y, X)` on a kernel of fewer dimensions
            # (`[[intel::reqd_work_group_size(1, 1, 64)]]` on a 1-D one, the oneAPI
            # FPGA guide's form): the last ones are its dimensions, the others 1
            fixed = fixed[3 - dimensions:]
        if fixed is None or len(fixed) != dimensions or min(fixed) < 1:
            return None
        return fixed

    def matches_name(self, report_name: str) -> bool:
        """``Kernel<1>`` matches ``Kernel<AttrType>`` (a template parameter)."""
        if self.name is None:
            return False
        if self.name == report_name:
            return True
        pattern = re.escape(self.name)
        pattern = re.sub(r"(?<=<|,|\s)[A-Za-z_]\w*(?=>|,)", r"[^<>,]+", pattern.replace(r"\ ", " "))
        return re.fullmatch(pattern, report_name) is not None


    def name_values(self, report_name: str) -> dict[str, int]:
        """The integers the report's kernel name gives the template
        parameters of the name as written (``KernelCompute<2>`` for
        ``KernelCompute<coalesce_factor>``: coalesce_factor = 2): fixed by
        the instantiation the report built, where the walk of the shared
        lambda keeps them names."""
        if self.name is None or not self.matches_name(report_name):
            return {}
        written, built = _template_arguments(self.name), _template_arguments(report_name)
        if len(written) != len(built):
            return {}
        values: dict[str, int] = {}
        for name, value in zip(written, built, strict=True):
            if re.fullmatch(r"[A-Za-z_]\w*", name) and re.fullmatch(r"-?\d+", value):
                values[name] = int(value)
        return values


def _template_arguments(name: str) -> list[str]:
    """The arguments of the outermost ``<...>`` of a kernel name, as written."""
    if "<" not in name or not name.endswith(">"):
        return []
    return [part.strip() for part in name[name.index("<") + 1:-1].split(",")]


def _lambda(argument: cindex.Cursor) -> cindex.Cursor | None:
    node = strip(argument)
    while node.kind in (CK.UNEXPOSED_EXPR, CK.CALL_EXPR) and node.kind != CK.LAMBDA_EXPR:
        children = expression_children(node)
        if len(children) != 1:
            return None
        node = strip(children[0])
    return node if node.kind == CK.LAMBDA_EXPR else None


def _functor(argument: cindex.Cursor) -> tuple[cindex.Cursor, dict[str, cindex.Cursor], str] | None:
    """The ``operator()`` definition of a kernel functor argument
    (``single_task<K>(Scale{x, y, n})``, ``parallel_for(r, kernel)``), its
    data members as the launch instantiates them (a class template's
    ``A in`` is ``int *in`` for ``F<int *, ...>``; its ``operator()`` is
    read from the template) and the functor's type name."""
    record = strip(argument).type.get_canonical()
    if record.kind != TK.RECORD:
        return None
    declaration = record.get_declaration()
    definition = declaration.get_definition() if declaration is not None else None
    if definition is None:
        return None
    members = children(definition)
    if not any(member.kind == CK.CXX_METHOD for member in members):
        template = cindex.conf.lib.clang_getSpecializedCursorTemplate(definition)
        members = children(template) if template is not None and not template.kind.is_invalid() else []
    for member in members:
        if member.kind == CK.CXX_METHOD and member.spelling == "operator()" and any(
                child.kind == CK.COMPOUND_STMT for child in children(member)):
            fields = {field.spelling: field for field in record.get_fields()}
            return member, fields, str(definition.spelling)
    return None


def _kernel_name(call: cindex.Cursor, launch: str) -> str | None:
    """Template argument of ``single_task<...>`` as written, from the call's tokens."""
    tokens = [token.spelling for token in call.get_tokens()]
    if launch not in tokens:
        return None
    start = tokens.index(launch) + 1
    if start >= len(tokens) or tokens[start] != "<":
        return None
    depth = 0
    words: list[str] = []
    for token in tokens[start:]:
        for part in (">", ">") if token == ">>" else (token,):
            depth += {"<": 1, ">": -1}.get(part, 0)
            if depth == 0:
                break
            words.append(part)
        if depth == 0:
            break
    words = [word for word in words[1:] if word not in ("class", "struct", "typename")]
    text = ""
    for word in words:
        joined = text and text[-1].isalnum() and word[:1].isalnum()
        text += (" " if joined else "") + word
    return text or None


class _KernelLaunches(CursorVisitor):
    """Every ``single_task``/``parallel_for`` call below a cursor, in source order."""

    def __init__(self, main: str) -> None:
        self.main = main
        self.found: list[SyclKernel] = []

    def visit_CALL_EXPR(self, cursor: cindex.Cursor) -> None:
        kernel = self._kernel(cursor)
        if kernel is not None:
            self.found.append(kernel)
        self.generic_visit(cursor)  # a submit's lambda holds the launch

    def _kernel(self, cursor: cindex.Cursor) -> SyclKernel | None:
        launch = call_name(cursor)
        if launch not in _LAUNCHES:
            return None
        location = cursor.location
        if location.file is None or PurePath(location.file.name).name != self.main:
            return None
        arguments = call_arguments(cursor)
        body = _lambda(arguments[-1]) if arguments else None
        functor = _functor(arguments[-1]) if arguments and body is None else None
        if functor is not None:
            body = functor[0]
        if body is None:
            return None
        return SyclKernel(
            launch=launch,
            file=location.file.name,
            line=location.line,
            lambda_line=body.location.line,
            name=_kernel_name(cursor, launch) or (functor[2] if functor is not None else None),
            body=body,
            global_size=arguments[0] if launch == "parallel_for" and len(arguments) > 1 else None,
            fields=functor[1] if functor is not None else {},
        )


def find_kernels(unit: cindex.TranslationUnit, main_file: str) -> list[SyclKernel]:
    """Every kernel launched in ``main_file`` (headers of the report included
    only through it are skipped: their kernels have their own file name)."""
    launches = _KernelLaunches(PurePath(main_file).name)
    for top in children(unit.cursor):
        if in_main_file(top):
            launches.visit(top)
    return launches.found


def declared_inside(declaration: cindex.Cursor, body: cindex.Cursor) -> bool:
    """Whether ``declaration`` lies inside the lambda ``body`` (else it is a
    host variable the kernel captures)."""
    extent = body.extent
    location = declaration.location
    if location.file is None or extent.start.file is None or location.file.name != extent.start.file.name:
        return False
    start = (extent.start.line, extent.start.column)
    end = (extent.end.line, extent.end.column)
    return start <= (location.line, location.column) <= end


#: canonical types of a scalar host value (what the host program sets as a number)
_SCALAR_TYPES = {
    TK.BOOL, TK.CHAR_U, TK.UCHAR, TK.USHORT, TK.UINT, TK.ULONG, TK.ULONGLONG, TK.CHAR_S, TK.SCHAR, TK.SHORT,
    TK.INT, TK.LONG, TK.LONGLONG, TK.FLOAT, TK.DOUBLE, TK.LONGDOUBLE,
}


#: floating-point kinds among :data:`_SCALAR_TYPES`: values that may take fractions
_REAL_TYPES = {TK.FLOAT, TK.DOUBLE, TK.LONGDOUBLE}
#: unsigned kinds among :data:`_SCALAR_TYPES`: values no host sets below 0
_UNSIGNED_TYPES = {TK.CHAR_U, TK.UCHAR, TK.USHORT, TK.UINT, TK.ULONG, TK.ULONGLONG}


def captured_scalars(kernel: SyclKernel, real_only: bool = False, unsigned_only: bool = False) -> list[str]:
    """Names of the scalar host variables ``kernel``'s lambda captures
    (``n``, ``alpha``): the SYCL counterpart of an OpenCL kernel's by-value
    arguments, the numbers a host program gives the launch; ``real_only`` /
    ``unsigned_only``: the floating-point / unsigned ones."""
    names: set[str] = set()
    stack = [kernel.body]
    while stack:
        node = stack.pop()
        member = node.kind == CK.MEMBER_REF_EXPR and node.referenced is not None and kernel.holds(node.referenced)
        if node.kind != CK.DECL_REF_EXPR and not member:
            stack.extend(children(node))
            continue
        declaration = node.referenced
        if declaration is None or declaration.kind not in (CK.VAR_DECL, CK.PARM_DECL, CK.FIELD_DECL):
            continue
        # a reference parameter the lambda captures (`const size_t &input_size`) holds a number too
        kind = pointee(declaration.type).get_canonical().kind
        wanted = _REAL_TYPES if real_only else _UNSIGNED_TYPES if unsigned_only else _SCALAR_TYPES
        if declaration.spelling in names or kind not in wanted:
            continue
        if not declared_inside(declaration, kernel.body) and evaluate_int(node) is None:  # not a constexpr
            names.add(declaration.spelling)
    return sorted(names)


def _local_range(size: cindex.Cursor) -> tuple[int, ...] | None:
    """The constant components of an ``nd_range``'s local range, else ``None``."""
    node = strip(size)
    if node.kind != CK.CALL_EXPR or "nd_range" not in node.type.get_canonical().spelling:
        return None
    arguments = call_arguments(node)
    if len(arguments) < 2:
        return None
    local = strip(arguments[1])
    if local.kind == CK.CXX_FUNCTIONAL_CAST_EXPR:  # range<1>(kLocal): the constructor call inside
        calls = [strip(part) for part in expression_children(local) if strip(part).kind == CK.CALL_EXPR]
        if len(calls) != 1:
            return None
        local = calls[0]
    parts = (call_arguments(local) or expression_children(local)) if "range" in local.type.get_canonical().spelling \
        else [local]
    values = [evaluate_int(part) for part in parts]
    known = [int(value) for value in values if value is not None]
    return tuple(known) if known and len(known) == len(values) else None


_REQUIRED_SIZE = re.compile(r"reqd_work_group_size\s*\(\s*(\d+(?:\s*,\s*\d+)*)\s*\)")


def _required_size(body: cindex.Cursor) -> tuple[int, ...] | None:
    """The numbers of a ``reqd_work_group_size`` attribute written before the
    lambda's body (``[=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(64)]] {``)."""
    head: list[str] = []
    for token in body.get_tokens():
        if token.spelling == "{":
            break
        head.append(token.spelling)
    found = _REQUIRED_SIZE.search(" ".join(head))
    return None if found is None else tuple(int(number) for number in found.group(1).split(","))
