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

from hlsight.core.errors import InputError, LocatedError
from hlsight.core.terminal import terminal_safe
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


class _VersionAction(argparse.Action):
    """``--version``: reads the package metadata only when asked (importing
    :mod:`importlib.metadata` costs as much as starting Python)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show the version and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from hlsight.core.version import __version__

        print(f"hlsight {__version__}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, just that sub-command's module is
    imported (the others pull in bs4, numpy, the instrumenter... which a
    plain ``analyze`` does not need: a faster cold start)."""
    parser = _Parser(prog="hlsight", description="Static analyzer for FPGA HLS compiler reports.")
    parser.add_argument("--version", action=_VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module_name in COMMANDS:
        if only is not None and module_name.rpartition(".")[2] != only:
            continue
        module = importlib.import_module(module_name)
        sub = module.register(subparsers)
        sub.set_defaults(_run=module.run)
    return parser


#: ``only`` value that imports no sub-command (``hlsight --version``).
NO_COMMAND = ""


def _command_name(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` starts with, when it is a known one;
    :data:`NO_COMMAND` for a bare ``--version``; ``None`` otherwise (help and
    usage errors list every command)."""
    known = {name.rpartition(".")[2] for name in COMMANDS}
    if argv and argv[0] in known:
        return argv[0]
    return NO_COMMAND if argv == ["--version"] else None


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=_command_name(arguments))
    args = parser.parse_args(arguments)
    try:
        code: int = args._run(args)
        return code
    except InputError as error:
        # a compiler's located diagnostic keeps its own form (``file:line:col: error: ...``)
        said = error.render() if isinstance(error, LocatedError) else f"hlsight: error: {error.render()}"
        print(terminal_safe(said), file=sys.stderr)
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
