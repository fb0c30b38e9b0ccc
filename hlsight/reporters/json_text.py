"""JSON text that every JSON reader accepts.

``json.dumps`` writes a non-finite float as a bare ``Infinity`` or ``NaN``,
which is not JSON (RFC 8259): a profile with absurd sizes put 13 of them in
an ``analyze --format json`` document that Node's ``JSON.parse`` refused. A
value that is not a finite number is ``null`` (unknown), as elsewhere in the
schema.
"""

from __future__ import annotations

import json
import math
from typing import Any


def finite(value: Any) -> Any:
    """``value`` with every non-finite float replaced by ``None``."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    return value


def json_text(document: Any, indent: int | None = 2) -> str:
    """The document as JSON text (non-finite numbers as ``null``), one final
    newline. The document is walked only when it holds such a number: a
    whatif grid of 10^6 points is dumped as it is."""
    try:
        return json.dumps(document, indent=indent, allow_nan=False) + "\n"
    except ValueError:  # "Out of range float values are not JSON compliant"
        return json.dumps(finite(document), indent=indent, allow_nan=False) + "\n"


def json_text_columns(document: dict[str, Any], key: str) -> str:
    """``document`` indented as :func:`json_text` does, with ``document[key]``
    (an object of columns: long lists of numbers) one column per line:
    indenting a list of 10^6 numbers one per line tripled its size."""
    columns = document[key]
    head = json_text({name: value for name, value in document.items() if name != key}).rstrip("\n")
    lines = [f"    {json.dumps(name)}: {json_text(value, indent=None).rstrip()}" for name, value in columns.items()]
    body = "{\n" + ",\n".join(lines) + "\n  }"
    opened = head[:-1].rstrip()  # the head's closing brace
    joiner = ",\n" if opened != "{" else "\n"
    return f"{opened}{joiner}  {json.dumps(key)}: {body}\n}}\n"
