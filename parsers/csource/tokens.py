"""A small C token scanner over the *original* (unpreprocessed) source text.

Why: pycparser only gives the start coordinate of a node, and only for the
preprocessed text. Source-to-source tools (the HLScope+ instrumenter) must
splice code into the file the user wrote, keeping comments, macros and
formatting, so they need statement *ends* in the original text. A statement's
extent is found by scanning tokens of the original text: comments, string and
character literals and preprocessor lines are single tokens (or skipped), so a
``;`` or ``}`` inside them is never mistaken for code.

The scanner understands just enough C grammar for statement boundaries:
compound statements, ``if``/``else``, ``for``/``while``/``switch``, ``do ...
while (...);``, labels, ``case``/``default`` and expression statements.
"""

from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass

from hlsight.core.errors import InputError


class TokenKind(enum.Enum):
    IDENT = "ident"
    NUMBER = "number"
    STRING = "string"
    CHAR = "char"
    PUNCT = "punct"
    DIRECTIVE = "directive"  # a whole preprocessor line (``#pragma ...``, ``#define ...``)


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    text: str
    start: int  # offset of the first character
    end: int  # offset one past the last character


_PUNCT3 = ("<<=", ">>=", "...")
_PUNCT2 = ("->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=",
           "^=", "|=", "##")
_OPEN = {"(": ")", "[": "]", "{": "}"}


def _skip_literal(text: str, pos: int, quote: str) -> int:
    """Offset one past the closing ``quote`` of the literal starting at ``pos``."""
    i = pos + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == quote or char == "\n":
            return i + 1
        i += 1
    return len(text)


def _line_start(text: str, pos: int) -> bool:
    """True when only blanks precede ``pos`` on its line."""
    i = pos - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] == "\n"


def tokenize(text: str) -> list[Token]:
    """Tokens of ``text`` in order; comments are dropped."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in " \t\r\n\f\v":
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 2 if text.startswith("\\\n", i) else 1
        elif text.startswith("/*", i):
            close = text.find("*/", i + 2)
            i = n if close < 0 else close + 2
        elif char == "#" and _line_start(text, i):
            start = i
            while i < n and text[i] != "\n":
                if text.startswith("\\\n", i):
                    i += 2
                elif text.startswith("/*", i):
                    close = text.find("*/", i + 2)
                    i = n if close < 0 else close + 2
                else:
                    i += 1
            tokens.append(Token(TokenKind.DIRECTIVE, text[start:i].rstrip(), start, i))
        elif char == '"':
            end = _skip_literal(text, i, '"')
            tokens.append(Token(TokenKind.STRING, text[i:end], i, end))
            i = end
        elif char == "'":
            end = _skip_literal(text, i, "'")
            tokens.append(Token(TokenKind.CHAR, text[i:end], i, end))
            i = end
        elif char.isalpha() or char == "_":
            start = i
            while i < n and (text[i].isalnum() or text[i] == "_"):
                i += 1
            tokens.append(Token(TokenKind.IDENT, text[start:i], start, i))
        elif char.isdigit() or (char == "." and i + 1 < n and text[i + 1].isdigit()):
            start = i
            while i < n and (text[i].isalnum() or text[i] in "._" or (text[i] in "+-" and text[i - 1] in "eEpP")):
                i += 1
            tokens.append(Token(TokenKind.NUMBER, text[start:i], start, i))
        else:
            for width, table in ((3, _PUNCT3), (2, _PUNCT2)):
                if text[i : i + width] in table:
                    tokens.append(Token(TokenKind.PUNCT, text[i : i + width], i, i + width))
                    i += width
                    break
            else:
                tokens.append(Token(TokenKind.PUNCT, char, i, i + 1))
                i += 1
    return tokens


class SourceText:
    """Original text plus its tokens, with line/column <-> offset mapping and
    statement-extent queries. ``filename`` is used in error messages only."""

    def __init__(self, text: str, filename: str = "<source>"):
        self.text = text
        self.filename = filename
        self.tokens = tokenize(text)
        self._starts = [token.start for token in self.tokens]
        self._code = [i for i, token in enumerate(self.tokens) if token.kind is not TokenKind.DIRECTIVE]
        self._line_offsets = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self._line_offsets.append(index + 1)

    # ------------------------------------------------------------------ positions

    def offset(self, line: int, column: int = 1) -> int:
        """Offset of 1-based ``line``/``column``."""
        if not 1 <= line <= len(self._line_offsets):
            raise self._error(f"line {line} is outside the file")
        return self._line_offsets[line - 1] + column - 1

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_offsets, offset)

    def line_text(self, line: int) -> str:
        start = self._line_offsets[line - 1]
        end = self.text.find("\n", start)
        return self.text[start : len(self.text) if end < 0 else end]

    def token_at(self, offset: int) -> int | None:
        """Index of the token starting exactly at ``offset``."""
        index = bisect.bisect_left(self._starts, offset)
        if index < len(self.tokens) and self.tokens[index].start == offset:
            return index
        return None

    def tokens_on_line(self, line: int) -> list[int]:
        start = self._line_offsets[line - 1]
        end = self._line_offsets[line] if line < len(self._line_offsets) else len(self.text) + 1
        first = bisect.bisect_left(self._starts, start)
        last = bisect.bisect_left(self._starts, end)
        return list(range(first, last))

    # ------------------------------------------------------------------ navigation

    def next_code(self, index: int) -> int:
        """Index of the first non-directive token after ``index``."""
        i = index + 1
        while i < len(self.tokens) and self.tokens[i].kind is TokenKind.DIRECTIVE:
            i += 1
        if i >= len(self.tokens):
            raise self._error("unexpected end of file while scanning a statement")
        return i

    def is_punct(self, index: int, text: str) -> bool:
        return self._is(index, TokenKind.PUNCT, text)

    def is_ident(self, index: int, text: str) -> bool:
        return self._is(index, TokenKind.IDENT, text)

    def _is(self, index: int, kind: TokenKind, text: str) -> bool:
        if index >= len(self.tokens):
            return False
        token = self.tokens[index]
        return token.kind is kind and token.text == text

    def matching(self, index: int) -> int:
        """Index of the bracket closing the one at ``index``."""
        opener = self.tokens[index].text
        closer = _OPEN.get(opener)
        if closer is None:
            raise self._error(f"expected a bracket at offset {self.tokens[index].start}")
        depth = 0
        for i in range(index, len(self.tokens)):
            token = self.tokens[i]
            if token.kind is not TokenKind.PUNCT:
                continue
            if token.text in _OPEN:
                depth += 1
            elif token.text in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    if token.text != closer:
                        break
                    return i
        raise self._error(f"unbalanced {opener!r} at line {self.line_of(self.tokens[index].start)}")

    def statement_end(self, index: int) -> int:
        """Index of the last token of the statement whose first token is ``index``."""
        token = self.tokens[index]
        if token.kind is TokenKind.DIRECTIVE:
            return index
        if token.kind is TokenKind.PUNCT:
            if token.text == "{":
                return self.matching(index)
            if token.text == ";":
                return index
        if token.kind is TokenKind.IDENT:
            word = token.text
            if word == "if":
                close = self.matching(self.next_code(index))
                then_end = self.statement_end(self.next_code(close))
                after = then_end + 1
                while after < len(self.tokens) and self.tokens[after].kind is TokenKind.DIRECTIVE:
                    after += 1
                if self.is_ident(after, "else"):
                    return self.statement_end(self.next_code(after))
                return then_end
            if word in ("for", "while", "switch"):
                close = self.matching(self.next_code(index))
                return self.statement_end(self.next_code(close))
            if word == "do":
                body_end = self.statement_end(self.next_code(index))
                keyword = self.next_code(body_end)
                if not self.is_ident(keyword, "while"):
                    raise self._error(f"'do' without 'while' at line {self.line_of(token.start)}")
                close = self.matching(self.next_code(keyword))
                return self._expect_semicolon(close)
            if word in ("case", "default"):
                return self.statement_end(self.next_code(self._scan_to(index, ":")))
            following = self.next_code(index)
            if self.is_punct(following, ":"):  # label
                return self.statement_end(self.next_code(following))
        return self._scan_to(index, ";")

    def loop_body_start(self, keyword_index: int) -> int:
        """Index of the first token of the body of the loop whose keyword
        (``for``/``while``/``do``) is at ``keyword_index``."""
        if self.is_ident(keyword_index, "do"):
            return self.next_code(keyword_index)
        return self.next_code(self.matching(self.next_code(keyword_index)))

    def _expect_semicolon(self, index: int) -> int:
        following = self.next_code(index)
        if not self.is_punct(following, ";"):
            raise self._error(f"expected ';' at line {self.line_of(self.tokens[following].start)}")
        return following

    def _scan_to(self, index: int, stop: str) -> int:
        """Index of the first ``stop`` punctuator at bracket depth 0 from ``index``."""
        i = index
        while i < len(self.tokens):
            token = self.tokens[i]
            if token.kind is TokenKind.PUNCT:
                if token.text == stop:
                    return i
                if token.text in _OPEN:
                    i = self.matching(i) + 1
                    continue
                if token.text in (")", "]", "}"):
                    break
            i += 1
        raise self._error(f"cannot find the end of the statement at line {self.line_of(self.tokens[index].start)}")

    def _error(self, message: str) -> InputError:
        return InputError(self.filename, f"cannot scan the C source: {message}", expected="balanced C99 source")
