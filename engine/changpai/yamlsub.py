"""A strict reader and writer for the small part of YAML that deal records use.

The browser's Python has no PyYAML, so the engine reads records itself. The subset:

* block mappings (``key: value``) and block sequences (``- item``), nested by spaces (no tabs);
* flow mappings ``{zh: 碰, en: pong}`` and flow sequences ``[a, b]`` on one line;
* scalars: plain text, ``"double quoted"`` (JSON-style escapes), ``'single quoted'`` (``''`` for a
  quote), integers, ``true`` / ``false``, ``null`` / ``~``; block text with ``|`` or ``>``
  (optionally ``|-`` / ``>-``);
* ``#`` comments, and one optional leading ``---``.

Anything else — anchors, aliases, tags, several documents, multi-line plain or quoted scalars,
duplicate keys, and plain words YAML would silently turn into something else (``yes``, ``no``,
``on``, ``off``, ``1.5``, ``0x1f``, ``2024-01-01``, ``1:20``) — is refused with the line number,
so a file means the same here as in any YAML reader.

>>> loads("a: 1\\nb: [x, 'y z']\\nc: {zh: 碰, en: pong}")
{'a': 1, 'b': ['x', 'y z'], 'c': {'zh': '碰', 'en': 'pong'}}
>>> dumps({"title": {"zh": "一盘", "en": "A deal"}, "steps": [{"do": "0 discard 七"}]})
'title:\\n  zh: 一盘\\n  en: A deal\\nsteps:\\n  - do: 0 discard 七\\n'
"""

from __future__ import annotations

import json
import re
from typing import Any

from .core.text import ChangpaiError, Text


class YamlError(ChangpaiError):
    """A record file that is not in the YAML subset; ``where`` is ``file:line``."""

    code = "bad-yaml"


_AMBIGUOUS = re.compile(
    r"""^(?:
        yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF
      | [-+]?(?:\d[\d_]*)?\.\d[\d_]*(?:[eE][-+]?\d+)?     # floats
      | [-+]?\d[\d_]*\.(?:\d[\d_]*)?(?:[eE][-+]?\d+)?
      | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)
      | [-+]?0b[01_]+ | [-+]?0x[0-9a-fA-F_]+ | [-+]?0o?[0-7_]+   # other integer forms
      | [-+]?[1-9][\d_]*(?::[0-5]?\d)+(?:\.\d*)?          # sexagesimal
      | \d{4}-\d\d?-\d\d?(?:[Tt\s].*)?                    # dates and timestamps
      | [-+]?\d[\d_]*_[\d_]*                               # 1_000
      | = | <<
    )$""",
    re.VERBOSE,
)
_INT = re.compile(r"^[-+]?(?:0|[1-9]\d*)$")
_NULL = {"null", "Null", "NULL", "~", ""}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}
_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")


class _Reader:
    def __init__(self, text: str, name: str) -> None:
        self.name = name
        self.raw = text.replace("\r\n", "\n").split("\n")
        self.lines: list[tuple[int, int, str]] = []  # (line number, indent, content without comment)
        for number, line in enumerate(self.raw, start=1):
            if "\t" in line[: len(line) - len(line.lstrip(" \t"))]:
                raise self.error(number, "缩进里有制表符，请用空格", "a tab in the indentation: use spaces")
            stripped = _strip_comment(line)
            if not stripped.strip(" \t"):
                continue
            if number == self._first_content() and stripped.strip(" \t") == "---":
                continue
            if stripped.strip(" \t") in ("---", "..."):
                raise self.error(number, "只能有一个文档", "only one document is allowed")
            indent = len(stripped) - len(stripped.lstrip(" "))
            self.lines.append((number, indent, stripped.strip(" \t")))
        self.pos = 0
        self.where: dict[tuple, int] = {}

    def _first_content(self) -> int:
        for number, line in enumerate(self.raw, start=1):
            if line.strip(" \t") and not line.strip(" \t").startswith("#"):
                return number
        return 0

    def error(self, line: int, zh: str, en: str) -> YamlError:
        return YamlError(Text(zh, en), where=f"{self.name}:{line}")

    def parse(self) -> Any:
        if not self.lines:
            return None
        value = self.block(self.lines[0][1], ())
        if self.pos < len(self.lines):
            number, _, content = self.lines[self.pos]
            raise self.error(number, f"缩进不对：“{content}”", f"unexpected indentation at “{content}”")
        return value

    def block(self, indent: int, path: tuple) -> Any:
        number, ind, content = self.lines[self.pos]
        if ind != indent:
            raise self.error(number, "缩进不对", "unexpected indentation")
        if content == "-" or content.startswith("- "):
            return self.sequence(indent, path)
        return self.mapping(indent, path)

    def sequence(self, indent: int, path: tuple) -> list[Any]:
        out: list[Any] = []
        while self.pos < len(self.lines):
            number, ind, content = self.lines[self.pos]
            if ind < indent:
                break
            if ind > indent:
                raise self.error(number, "缩进不对", "unexpected indentation")
            if not (content == "-" or content.startswith("- ")):
                break
            item_path = path + (len(out),)
            self.where[item_path] = number
            rest = content[1:].lstrip(" ")
            if not rest:
                self.pos += 1
                out.append(self.nested(indent, number, item_path, allow_same=False))
                continue
            column = ind + (len(content) - len(rest))
            if _split_key(rest) is not None:
                # "- key: value": a mapping whose first key sits on this line
                self.lines[self.pos] = (number, column, rest)
                out.append(self.mapping(column, item_path))
            else:
                self.pos += 1
                out.append(self.scalar_or_flow(rest, number, indent, item_path))
        return out

    def mapping(self, indent: int, path: tuple) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while self.pos < len(self.lines):
            number, ind, content = self.lines[self.pos]
            if ind < indent:
                break
            if ind > indent:
                raise self.error(number, "缩进不对", "unexpected indentation")
            if content == "-" or content.startswith("- "):
                break
            split = _split_key(content)
            if split is None:
                raise self.error(number, f"应为“键: 值”，却是“{content}”", f"expected “key: value”, found “{content}”")
            key_text, rest = split
            key = self.key(key_text, number)
            if key in out:
                raise self.error(number, f"键“{key}”重复", f"the key “{key}” appears twice")
            self.where[path + (key,)] = number
            self.pos += 1
            if not rest:
                out[key] = self.nested(indent, number, path + (key,), allow_same=True)
            else:
                out[key] = self.scalar_or_flow(rest, number, indent, path + (key,))
        return out

    def key(self, text: str, number: int) -> str:
        if text.startswith(('"', "'")):
            value, end = _quoted(text, 0, self, number)
            if text[end:].strip(" \t"):
                raise self.error(number, "引号后有多余的字", "text after the closing quote")
            return value
        value = self.plain(text, number)
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise self.error(number, f"键“{text}”应是文字", f"the key “{text}” must be text")
        return str(value)

    def nested(self, indent: int, number: int, path: tuple, *, allow_same: bool) -> Any:
        if self.pos >= len(self.lines):
            return None
        nxt_number, nxt_indent, nxt = self.lines[self.pos]
        if nxt_indent > indent:
            return self.block(nxt_indent, path)
        if allow_same and nxt_indent == indent and (nxt == "-" or nxt.startswith("- ")):
            return self.sequence(indent, path)
        return None

    def scalar_or_flow(self, text: str, number: int, indent: int, path: tuple) -> Any:
        if text[0] in "&*!":
            raise self.error(number, "不支持锚点、别名和标签", "anchors, aliases and tags are not supported")
        if text[0] in "|>":
            return self.block_text(text, number, indent)
        if text[0] in "[{":
            value, end = _Flow(text, self, number).parse()
            if text[end:].strip(" \t"):
                raise self.error(number, "括号后有多余的字", "text after the closing bracket")
            self.check_continuation(number, indent)
            return value
        if text[0] in "\"'":
            value, end = _quoted(text, 0, self, number)
            if text[end:].strip(" \t"):
                raise self.error(number, "引号后有多余的字", "text after the closing quote")
            self.check_continuation(number, indent)
            return value
        self.check_continuation(number, indent)
        return self.plain(text, number)

    def check_continuation(self, number: int, indent: int) -> None:
        if self.pos < len(self.lines) and self.lines[self.pos][1] > indent:
            raise self.error(
                self.lines[self.pos][0],
                "一个值不能跨行：长文字请加引号写在一行，或用 |",
                "a value may not run onto the next line: quote long text on one line, or use |",
            )

    def plain(self, text: str, number: int) -> Any:
        if text in _NULL:
            return None
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        if _INT.match(text):
            return int(text)
        if _AMBIGUOUS.match(text):
            raise self.error(
                number,
                f"“{text}”在 YAML 里会被读成别的东西，请加引号（或写 true/false）",
                f"“{text}” would not read as text in YAML: quote it (or write true/false)",
            )
        if text[0] in _INDICATORS and not (text[0] in "-?:" and len(text) > 1 and text[1] not in " "):
            raise self.error(
                number, f"“{text}”以特殊字符开头，请加引号", f"“{text}” starts with a special character: quote it"
            )
        if ": " in text or text.endswith(":"):
            raise self.error(number, f"“{text}”里有“: ”，请加引号", f"“{text}” contains “: ”: quote it")
        return text

    def block_text(self, header: str, number: int, indent: int) -> str:
        if header not in ("|", "|-", ">", ">-"):
            raise self.error(number, f"不支持的块标记“{header}”", f"unsupported block header “{header}”")
        # Block text uses the raw lines: blank lines and # inside the text are kept.
        raw_index = number  # raw lines are 1-based; the text starts on the next line
        body: list[str] = []
        block_indent = None
        while raw_index < len(self.raw):
            line = self.raw[raw_index]
            if line.strip(" \t"):
                ind = len(line) - len(line.lstrip(" "))
                if ind <= indent:
                    break
                if block_indent is None:
                    block_indent = ind
                if ind < block_indent:
                    raise self.error(raw_index + 1, "块文字的缩进不一致", "inconsistent indentation in block text")
                body.append(line[block_indent:])
            else:
                body.append("")
            raw_index += 1
        while body and body[-1] == "":
            body.pop()
        # skip the parsed lines that belong to the block
        while self.pos < len(self.lines) and self.lines[self.pos][0] <= raw_index:
            self.pos += 1
        if header.startswith("|"):
            text = "\n".join(body)
        else:
            paragraphs: list[str] = []
            current: list[str] = []
            for line in body:
                if line == "":
                    paragraphs.append(" ".join(current))
                    current = []
                else:
                    current.append(line)
            paragraphs.append(" ".join(current))
            text = "\n".join(paragraphs)
        return text if header.endswith("-") else text + "\n"


class _Flow:
    def __init__(self, text: str, reader: _Reader, number: int) -> None:
        self.text = text
        self.i = 0
        self.r = reader
        self.number = number

    def parse(self) -> tuple[Any, int]:
        value = self.value()
        return value, self.i

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i] == " ":
            self.i += 1

    def value(self) -> Any:
        self.skip()
        if self.i >= len(self.text):
            raise self.r.error(self.number, "括号没有闭合", "unclosed bracket")
        ch = self.text[self.i]
        if ch == "[":
            self.i += 1
            items: list[Any] = []
            while True:
                self.skip()
                if self.peek("]"):
                    self.i += 1
                    return items
                items.append(self.value())
                self.skip()
                if self.peek(","):
                    self.i += 1
                elif not self.peek("]"):
                    raise self.r.error(self.number, "列表里缺逗号或 ]", "expected “,” or “]” in a list")
        if ch == "{":
            self.i += 1
            out: dict[str, Any] = {}
            while True:
                self.skip()
                if self.peek("}"):
                    self.i += 1
                    return out
                key = self.value()
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    raise self.r.error(self.number, "键应是文字", "a key must be text")
                key = str(key)
                self.skip()
                if not self.peek(":"):
                    raise self.r.error(self.number, f"键“{key}”后缺“:”", f"expected “:” after the key “{key}”")
                self.i += 1
                if key in out:
                    raise self.r.error(self.number, f"键“{key}”重复", f"the key “{key}” appears twice")
                self.skip()
                out[key] = None if self.peek(",") or self.peek("}") else self.value()
                self.skip()
                if self.peek(","):
                    self.i += 1
                elif not self.peek("}"):
                    raise self.r.error(self.number, "映射里缺逗号或 }", "expected “,” or “}” in a mapping")
        if ch in "\"'":
            value, self.i = _quoted(self.text, self.i, self.r, self.number)
            return value
        start = self.i
        while self.i < len(self.text):
            c = self.text[self.i]
            if c in ",[]{}":
                break
            if c == ":" and (self.i + 1 >= len(self.text) or self.text[self.i + 1] in " ,]}"):
                break
            self.i += 1
        word = self.text[start : self.i].strip(" \t")
        return self.r.plain(word, self.number)

    def peek(self, ch: str) -> bool:
        return self.i < len(self.text) and self.text[self.i] == ch


def _quoted(text: str, start: int, reader: _Reader, number: int) -> tuple[str, int]:
    quote = text[start]
    i = start + 1
    if quote == "'":
        out = []
        while i < len(text):
            if text[i] == "'":
                if i + 1 < len(text) and text[i + 1] == "'":
                    out.append("'")
                    i += 2
                    continue
                return "".join(out), i + 1
            out.append(text[i])
            i += 1
        raise reader.error(
            number,
            "单引号没有闭合（引号内的文字须写在一行）",
            "unclosed single quote (quoted text must stay on one line)",
        )
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            try:
                return json.loads(text[start : i + 1]), i + 1
            except ValueError:
                raise reader.error(number, "双引号里的转义写错了", "a bad escape inside double quotes") from None
        i += 1
    raise reader.error(
        number, "双引号没有闭合（引号内的文字须写在一行）", "unclosed double quote (quoted text must stay on one line)"
    )


def _strip_comment(line: str) -> str:
    """Drop a ``#`` comment (at the start, or after a space, outside quotes)."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                if quote == "'" and i + 1 < len(line) and line[i + 1] == "'":
                    i += 2
                    continue
                quote = None
        elif ch in "\"'" and (i == 0 or line[i - 1] in " [{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            return line[:i].rstrip(" \t")
        i += 1
    return line


def _split_key(content: str) -> tuple[str, str] | None:
    """Split ``key: value`` (the key may be quoted); None if there is no key."""
    if content.startswith(('"', "'")):
        quote = content[0]
        end = content.find(quote, 1)
        while quote == '"' and end > 0 and content[end - 1] == "\\":
            end = content.find(quote, end + 1)
        if end < 0:
            return None
        rest = content[end + 1 :]
        if rest.startswith(":") and (len(rest) == 1 or rest[1] == " "):
            return content[: end + 1], rest[1:].strip(" \t")
        return None
    if content.startswith(("{", "[")):
        return None
    m = re.search(r":(?: |$)", content)
    if m is None:
        return None
    return content[: m.start()].strip(" \t"), content[m.end() :].strip(" \t")


def loads(text: str, name: str = "<record>") -> Any:
    """Read YAML-subset ``text``; errors are ``YamlError`` located ``name:line``."""
    return _Reader(text, name).parse()


def loads_located(text: str, name: str = "<record>") -> tuple[Any, dict[tuple, int]]:
    """Like ``loads``, also returning the line of every mapping key and sequence item by path."""
    reader = _Reader(text, name)
    return reader.parse(), reader.where


# ---------------------------------------------------------------- writing


def _plain_ok(text: str, flow: bool) -> bool:
    """Whether ``text`` can be written unquoted and read back as the same text by any YAML reader."""
    if not text or text != text.strip() or not text.isprintable():
        return False
    if text in _NULL or text in _TRUE or text in _FALSE or _INT.match(text) or _AMBIGUOUS.match(text):
        return False
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        return False
    return not (flow and any(ch in text for ch in ",[]{}:?#"))


def _scalar(value: Any, *, flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _plain_ok(text, flow):
        return text
    return json.dumps(text, ensure_ascii=False)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, bool))


def dumps(data: Any) -> str:
    """Write ``data`` (dicts, lists, str, int, bool, None) in the subset; ``loads`` reads it back equal."""
    lines: list[str] = []
    _emit(data, 0, lines)
    return "\n".join(lines) + "\n"


def _emit(value: Any, indent: int, lines: list[str]) -> None:
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            lines.append(pad + "{}")
            return
        for key, item in value.items():
            head = f"{pad}{_scalar(str(key))}:"
            _emit_item(head, item, indent, lines)
    elif isinstance(value, list):
        if not value:
            lines.append(pad + "[]")
            return
        for item in value:
            if isinstance(item, dict) and item:
                sub: list[str] = []
                _emit(item, indent + 2, sub)
                sub[0] = pad + "- " + sub[0][indent + 2 :]
                lines.extend(sub)
            else:
                _emit_item(pad + "-", item, indent, lines)
    else:
        lines.append(pad + _scalar(value))


def _emit_item(head: str, item: Any, indent: int, lines: list[str]) -> None:
    if _is_scalar(item):
        lines.append(f"{head} {_scalar(item)}")
    elif isinstance(item, list) and all(_is_scalar(x) and len(str(x)) <= 16 for x in item) and len(str(item)) < 80:
        lines.append(f"{head} [{', '.join(_scalar(x, flow=True) for x in item)}]")
    elif isinstance(item, dict) and not item:
        lines.append(f"{head} {{}}")
    else:
        lines.append(head)
        _emit(item, indent + 2, lines)
