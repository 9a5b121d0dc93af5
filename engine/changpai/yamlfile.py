"""The one strict YAML reader and writer of the project's data files, for the edges only.

The command line, the site build and the tests read deal records, lessons and the glossary through
this module; the engine core and the browser worker never import it (they take and return plain data,
and the browser never sends YAML). It needs PyYAML, and ``jsonschema`` for :func:`check_schema`.

Stricter than ``yaml.safe_load``, so a file means one thing to every reader:

* a duplicate key, an anchor or alias, a tag, a second document, a non-text key are refused;
* plain scalars follow YAML 1.2's core schema (``true``/``false``, ``null``/``~``, integers, floats);
  the YAML 1.1 words ``yes``/``no``/``on``/``off`` are refused, since readers disagree on them;
* a file over :data:`MAX_BYTES` or nested deeper than :data:`MAX_DEPTH` is refused before it is built;
* a byte-order mark is dropped (files are read as ``utf-8-sig``).

Every error is a :class:`YamlError` whose ``where`` is ``file:line``. :func:`loads_located` also returns
the line of every mapping key and sequence item by its path, which record and schema errors use.

>>> loads("a: 1\\nb: [x, 'y z']\\nc: {zh: 碰, en: pong}")
{'a': 1, 'b': ['x', 'y z'], 'c': {'zh': '碰', 'en': 'pong'}}
>>> loads("a: 1\\na: 2", "deal.yml")
Traceback (most recent call last):
  ...
changpai.yamlfile.YamlError: deal.yml:2: the key “a” appears twice (first at line 1) / 键“a”重复了（第 1 行已有）
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .core.text import ChangpaiError, Text

MAX_BYTES = 1_000_000  # the largest data file today is the glossary, ~52 kB
MAX_DEPTH = 32  # records nest 5 deep (steps → question → choices → label)

Path_ = tuple[str | int, ...]
Lines = dict[Path_, int]

_CORE_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_LEADING_ZERO = re.compile(r"[-+]?0[0-9]+")
_CORE_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_CORE_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)")
_CORE_NAN = re.compile(r"\.(?:nan|NaN|NAN)")
_NULL = frozenset({"null", "Null", "NULL", "~", ""})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_YAML11_BOOLEANS = frozenset(w for word in ("yes", "no", "on", "off") for w in (word, word.capitalize(), word.upper()))
# What PyYAML (YAML 1.1) makes of a plain scalar, to refuse the ones it reads differently from YAML 1.2.
_YAML11 = yaml.resolver.Resolver()
_YAML11_KINDS: dict[str, type] = {
    "tag:yaml.org,2002:null": type(None),
    "tag:yaml.org,2002:bool": bool,
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": float,
    "tag:yaml.org,2002:timestamp": object,
    "tag:yaml.org,2002:merge": object,
    "tag:yaml.org,2002:value": object,
}
_STANDARD_TAGS = frozenset({"!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool"})


class YamlError(ChangpaiError):
    """A data file that is not strict YAML, too big or too deep; ``where`` is ``file:line``."""

    code = "bad-yaml"


class SchemaError(ChangpaiError):
    """A data file that breaks its JSON Schema (unknown key, wrong type …); ``where`` is ``file:line``."""

    code = "bad-data"


def _error(name: str, line: int, zh: str, en: str) -> YamlError:
    return YamlError(Text(zh, en), where=f"{name}:{line}")


def _scalar(event: yaml.ScalarEvent, name: str) -> Any:
    line = (event.start_mark.line if event.start_mark is not None else -1) + 1
    value = event.value
    if event.tag not in (None, *_STANDARD_TAGS):
        raise _error(name, line, f"不接受标签 {event.tag}", f"tags such as {event.tag} are not accepted")
    plain = event.implicit[0] and not event.style  # the C parser says "" for plain, the Python one None
    if not plain or event.tag in ("!", "tag:yaml.org,2002:str"):
        return value
    ours = _core_value(value)
    if value in _YAML11_BOOLEANS:
        raise _error(
            name,
            line,
            f"“{value}”在有的 YAML 读法里是真假值，在有的里是文字：写 true/false，或加引号写成文字",
            f"“{value}” is a yes/no value to some YAML readers and text to others: write true/false, or quote it",
        )
    kind11 = _YAML11_KINDS.get(_YAML11.resolve(yaml.ScalarNode, value, (True, False)), str)  # type: ignore[no-untyped-call]
    if kind11 is not type(ours) or _LEADING_ZERO.fullmatch(value):  # 012 is ten to YAML 1.1
        raise _error(
            name,
            line,
            f"“{value}”在不同的 YAML 读法里意思不同：想写文字就加引号",
            f"“{value}” means different things to different YAML readers: quote it if it is text",
        )
    return ours


def _core_value(value: str) -> Any:
    """A plain scalar under YAML 1.2's core schema."""
    if value in _NULL:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if _CORE_INT.fullmatch(value):
        return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
    if _CORE_FLOAT.fullmatch(value):
        return float(value)
    if _CORE_INF.fullmatch(value):
        return -math.inf if value.startswith("-") else math.inf
    if _CORE_NAN.fullmatch(value):
        return math.nan
    return value


class _Open:
    """A mapping or sequence being built: its value, its path and, for a mapping, the key awaiting a value."""

    __slots__ = ("key", "key_lines", "path", "value")

    def __init__(self, value: dict[str, Any] | list[Any], path: Path_) -> None:
        self.value = value
        self.path = path
        self.key: str | None = None
        self.key_lines: dict[str, int] = {}


def loads_located(  # noqa: C901 — one event loop over the YAML parser
    text: str, name: str = "<data>", *, max_depth: int = MAX_DEPTH
) -> tuple[Any, Lines]:
    """Read ``text``; return the data and the line of each mapping key and sequence item by path.

    Built from PyYAML's event stream without recursion, so depth and size are checked as it goes.
    """
    if len(text) > MAX_BYTES:
        raise _error(
            name, 1, f"文件太大（超过 {MAX_BYTES} 字符）", f"the file is too big (over {MAX_BYTES} characters)"
        )
    text = text.removeprefix("\ufeff")
    lines: Lines = {(): 1}
    stack: list[_Open] = []
    root: list[Any] = []
    documents = 0

    def child_path(line: int) -> Path_:
        if not stack:
            return ()
        top = stack[-1]
        if isinstance(top.value, dict):
            if top.key is None:
                raise _error(name, line, "键应是文字，而不是映射或列表", "a key must be text, not a mapping or a list")
            path: Path_ = (*top.path, top.key)
            lines[path] = top.key_lines[top.key]
        else:
            path = (*top.path, len(top.value))
            lines[path] = line
        return path

    def attach(value: Any) -> None:
        if not stack:
            root.append(value)
            return
        top = stack[-1]
        if isinstance(top.value, dict):
            assert top.key is not None
            top.value[top.key] = value
            top.key = None
        else:
            top.value.append(value)

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for event in yaml.parse(text, Loader=loader):
            line = event.start_mark.line + 1 if event.start_mark else 1
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _error(name, line, "只能有一个文档", "only one document is allowed")
            elif isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise _error(name, line, "不接受锚点和别名（& 与 *）", "anchors and aliases (& and *) are not accepted")
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                attach(stack.pop().value)
            elif isinstance(event, yaml.CollectionStartEvent):
                if event.tag not in (None, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"):
                    raise _error(name, line, f"不接受标签 {event.tag}", f"tags such as {event.tag} are not accepted")
                if len(stack) >= max_depth:
                    raise _error(
                        name, line, f"嵌套太深（超过 {max_depth} 层）", f"nested too deeply (over {max_depth} levels)"
                    )
                path = child_path(line)
                stack.append(_Open({} if isinstance(event, yaml.MappingStartEvent) else [], path))
            elif isinstance(event, yaml.ScalarEvent):
                value = _scalar(event, name)
                top = stack[-1] if stack else None
                if top is not None and isinstance(top.value, dict) and top.key is None:
                    _key(top, value, name, line)
                else:
                    child_path(line)
                    attach(value)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = min(mark.line + 1, text.count("\n") + 1) if mark else 1
        problem = exc.problem or "not valid YAML"
        raise _error(name, at, f"不是合法的 YAML：{problem}", f"not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise _error(name, 1, f"不是合法的 YAML：{exc}", f"not valid YAML: {exc}") from None
    return (root[0] if root else None), lines


def _key(frame: _Open, key: Any, name: str, line: int) -> None:
    if not isinstance(key, str):
        raise _error(name, line, f"键应是文字，而不是 {key!r}", f"a key must be text, not {key!r}")
    if key in frame.key_lines:
        raise _error(
            name,
            line,
            f"键“{key}”重复了（第 {frame.key_lines[key]} 行已有）",
            f"the key “{key}” appears twice (first at line {frame.key_lines[key]})",
        )
    frame.key_lines[key] = line
    frame.key = key


def loads(text: str, name: str = "<data>") -> Any:
    """Read ``text`` strictly (see the module docstring)."""
    return loads_located(text, name)[0]


def read_located(path: Path, name: str | None = None) -> tuple[Any, Lines]:
    """Read a file (``utf-8-sig``, size checked before decoding); errors say ``name:line``."""
    label = name or str(path)
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise _error(
            label,
            1,
            f"文件太大（{size} 字节，上限 {MAX_BYTES}）",
            f"the file is too big ({size} bytes, limit {MAX_BYTES})",
        )
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise _error(label, line, "不是 UTF-8 编码的文字", "not UTF-8 text") from None
    return loads_located(text, label)


def read(path: Path, name: str | None = None) -> Any:
    return read_located(path, name)[0]


# ---------------------------------------------------------------- writing


class _Dumper(yaml.SafeDumper):
    """Block style with list items indented under their key, as the project's files are written."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    """Quote text that YAML 1.2 would read as something else (PyYAML quotes only what YAML 1.1 would)."""
    ambiguous = (
        not isinstance(_core_value(text), str) or text in _YAML11_BOOLEANS or bool(_LEADING_ZERO.fullmatch(text))
    )
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="'" if ambiguous else None)


_Dumper.add_representer(str, _represent_text)


def dumps(data: Any) -> str:
    """Write ``data`` as block YAML that :func:`loads` reads back the same.

    >>> dumps({"title": {"zh": "一盘", "en": "A deal"}, "steps": [{"do": "0 discard 七"}]})
    'title:\\n  zh: 一盘\\n  en: A deal\\nsteps:\\n  - do: 0 discard 七\\n'
    """
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, default_flow_style=False, width=10_000)


# ---------------------------------------------------------------- schemas


def line_of(lines: Lines, path: Path_) -> int:
    """The line of ``path``, or of its nearest ancestor that has one."""
    while path not in lines and path:
        path = path[:-1]
    return lines.get(path, 1)


def check_schema(data: Any, lines: Lines, schema: Mapping[str, Any], name: str, *, registry: Any = None) -> None:
    """Validate ``data`` against a JSON Schema; the first problem (in file order) raises ``SchemaError``.

    ``where`` is ``name:line`` when ``lines`` knows the place (a file), else ``name`` and the path inside.
    ``registry`` (a ``referencing.Registry``) resolves ``$ref`` to other schemas.
    """
    import jsonschema

    extra = {} if registry is None else {"registry": registry}
    validator = jsonschema.Draft202012Validator(schema, **extra)
    # the first problem in file order; within one mapping an unknown key (often a misspelt one) comes first
    located = [
        (line_of(lines, tuple(leaf.absolute_path)), not _unknown_keys(leaf), index, leaf)
        for index, error in enumerate(validator.iter_errors(data))
        for leaf in _leaves(error)
    ]
    if not located:
        return
    *_, error = min(located, key=lambda item: item[:3])
    line = line_of(lines, _path_of(error))
    text = _explain(error)
    inside = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
    if not lines:
        raise SchemaError(text, where=f"{name}: {inside}" if inside else name)
    suffix_en = f" (at {inside})" if inside else ""
    suffix_zh = f"（位置 {inside}）" if inside else ""
    raise SchemaError(Text(text.zh + suffix_zh, text.en + suffix_en), where=f"{name}:{line}")


def _path_of(error: Any) -> Path_:
    """Where an error is: an unknown key is at that key's own line, not its mapping's."""
    path = tuple(error.absolute_path)
    extra = _unknown_keys(error)
    return (*path, extra[0]) if extra else path


def _unknown_keys(error: Any) -> list[str]:
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        return [k for k in error.instance if k not in known]
    if error.validator == "unevaluatedProperties" and isinstance(error.instance, dict):
        # jsonschema names them only in its message: "('a', 'b' were unexpected)"
        named = re.findall(r"'([^']*)'", error.message.rpartition("(")[2])
        return [k for k in error.instance if k in named]
    return []


def _leaves(error: Any) -> list[Any]:
    """The most specific error under a oneOf/anyOf: of the alternatives of the right type, the one that got furthest."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        candidates = [e for e in error.context if e.validator != "type" or len(e.relative_path)] or list(error.context)
        error = max(candidates, key=lambda e: len(e.absolute_path))
    return [error]


_TYPE_ZH = {
    "string": "文字",
    "integer": "整数",
    "number": "数字",
    "boolean": "true/false",
    "object": "映射（键: 值）",
    "array": "列表",
    "null": "空",
}


def _explain(error: Any) -> Text:
    kind, value, expected = error.validator, error.instance, error.validator_value
    shown = json.dumps(value, ensure_ascii=False)[:60]
    if kind in ("additionalProperties", "unevaluatedProperties"):
        extra = _unknown_keys(error)
        allowed = sorted(error.schema.get("properties", {}))
        known_zh = f"（可用：{', '.join(allowed)}）" if allowed else ""
        known_en = f" (known: {', '.join(allowed)})" if allowed else ""
        return Text(f"不认识的键“{'、'.join(extra)}”{known_zh}", f"unknown key “{', '.join(extra)}”{known_en}")
    if kind == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        return Text(
            f"应是{'或'.join(_TYPE_ZH.get(t, str(t)) for t in wanted)}，而不是 {shown}",
            f"expected {' or '.join(str(t) for t in wanted)}, not {shown}",
        )
    if kind == "required":
        missing = [k for k in expected if k not in value]
        return Text(f"缺少“{'、'.join(missing)}”", f"missing “{', '.join(missing)}”")
    if kind == "enum":
        options = ", ".join(json.dumps(v, ensure_ascii=False) for v in expected)
        return Text(f"应是 {options} 之一，而不是 {shown}", f"must be one of {options}, not {shown}")
    if kind == "const":
        return Text(f"应是 {json.dumps(expected, ensure_ascii=False)}", f"must be {json.dumps(expected)}")
    if kind == "pattern":
        return Text(f"{shown} 的写法不对（应符合 {expected}）", f"{shown} is not written as expected ({expected})")
    if kind in ("minItems", "minLength", "minProperties"):
        return Text(f"{shown} 太短或是空的", f"{shown} is too short or empty")
    if kind in ("maxItems", "maxLength", "maxProperties"):
        return Text(f"{shown} 太长", f"{shown} is too long")
    return Text(f"不符合格式：{error.message}", f"does not fit the format: {error.message}")
