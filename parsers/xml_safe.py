"""Parse untrusted XML reports without entity expansion, DTDs or network.

Vendor XML (Vivado/Vitis ``csynth.xml``) never carries a document type
declaration, so any ``<!DOCTYPE``/``<!ENTITY`` is treated as hostile (billion
laughs, external entities) and rejected before lxml sees the bytes; the parser
itself is configured defensively as a second line of defence.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from hlsight.core.errors import InputError
from hlsight.core.limits import MAX_VIVADO_REPORT_BYTES, check_size

_DTD_MARKUP = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def parse_xml_bytes(data: bytes, path: Path, expected: str) -> etree._Element:
    """Parse ``data`` (read from ``path``) and return the root element.

    Raises :class:`InputError` naming ``path`` for DTD/entity markup, malformed
    or truncated documents; ``expected`` says what the file should have been.
    """
    if _DTD_MARKUP.search(data):
        raise InputError(path, "XML with a DOCTYPE/ENTITY declaration refused (entity expansion is unsafe)",
                         expected=expected)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        # lxml's str() repeats the position three ways ("... line 88, line 88,
        # column 20 (<string>, line 88)"): say libxml2's message and the position once
        message = (error.msg or "").splitlines()[0] if error.msg else "syntax error"
        line, column = error.position if error.position else (None, None)
        where = f" at line {line}, column {column}" if line else ""
        raise InputError(path, f"malformed XML{where}: {message.split(', line ')[0]}", expected=expected) from None
    if root is None:
        raise InputError(path, "empty XML document", expected=expected)
    docinfo = root.getroottree().docinfo
    if docinfo.internalDTD is not None or docinfo.externalDTD is not None or docinfo.doctype:
        raise InputError(path, "XML with a document type declaration refused", expected=expected)
    return root


def parse_xml_file(path: Path, expected: str) -> etree._Element:
    """Read and parse ``path`` with :func:`parse_xml_bytes` (refused unread
    when larger than :data:`MAX_VIVADO_REPORT_BYTES`)."""
    check_size(path, MAX_VIVADO_REPORT_BYTES, "XML report")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(path, f"cannot read file: {error.strerror or error}") from None
    if not data.strip():
        raise InputError(path, "empty file", expected=expected)
    return parse_xml_bytes(data, path, expected)
