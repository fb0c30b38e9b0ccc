"""Command-line entry point.

Each sub-command is a module in :mod:`hlsight.commands` with ``register``
(adds its argparse sub-parser) and ``run`` (returns the exit code). Input
problems surface as :class:`~hlsight.core.errors.InputError`: one line on stderr,
exit code 2, no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from hlsight.core.errors import InputError
from hlsight.core.terminal import terminal_safe
from hlsight.core.version import __version__
from hlsight.output import discard_stdout

#: Sub-command modules, in help order.
COMMANDS: tuple[str, ...] = (
    "hlsight.commands.analyze",
    "hlsight.commands.annotate",
    "hlsight.commands.demo",
    "hlsight.commands.memory",
    "hlsight.commands.whatif",
    "hlsight.commands.instrument",
    "hlsight.commands.simulate",
)

EXIT_INPUT_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on usage errors already; keep its one-line format."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, just that sub-command's module is
    imported (the others pull in bs4, numpy, the instrumenter... which a
    plain ``analyze`` does not need: a faster cold start)."""
    parser = _Parser(prog="hlsight", description="Static analyzer for FPGA HLS compiler reports.")
    parser.add_argument("--version", action="version", version=f"hlsight {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module_name in COMMANDS:
        if only is not None and module_name.rpartition(".")[2] != only:
            continue
        module = importlib.import_module(module_name)
        sub = module.register(subparsers)
        sub.set_defaults(_run=module.run)
    return parser


def _command_name(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` starts with, when it is a known one."""
    known = {name.rpartition(".")[2] for name in COMMANDS}
    return argv[0] if argv and argv[0] in known else None


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=_command_name(arguments))
    args = parser.parse_args(arguments)
    try:
        code: int = args._run(args)
        return code
    except InputError as error:
        print(f"hlsight: error: {terminal_safe(error.render())}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        print("hlsight: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        discard_stdout()
        return 0
    except OSError as error:  # an I/O failure no reader or writer turned into an InputError
        where = f"{error.filename}: " if error.filename else ""
        print(terminal_safe(f"hlsight: error: {where}{error.strerror or error}"), file=sys.stderr)
        return EXIT_INPUT_ERROR
