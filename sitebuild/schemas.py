"""The JSON Schemas in ``schemas/``: the data files' formats and the engine ↔ build ↔ widget contract.

``read_data_file(path, "lesson")`` reads a YAML data file with the project's one strict reader
(``changpai.yamlfile``) and checks it against ``schemas/lesson.schema.json``; any problem raises
``YamlError`` or ``SchemaError`` with ``file:line``. ``validate(value, "frames")`` checks JSON the engine
produced (frames, API answers) and raises ``SchemaError`` naming the path inside it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from changpai import yamlfile

REPO_ROOT = Path(__file__).resolve().parent.parent
SCHEMAS_DIR = REPO_ROOT / "schemas"


@cache
def _registry() -> Any:
    from referencing import Registry, Resource

    resources = []
    for path in sorted(SCHEMAS_DIR.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


def schema(name: str) -> dict[str, Any]:
    """The schema ``schemas/NAME.schema.json`` (a mapping)."""
    resolved = _registry().get(f"urn:changpai:{name}")
    if resolved is None:
        known = ", ".join(sorted(p.name.removesuffix(".schema.json") for p in SCHEMAS_DIR.glob("*.schema.json")))
        raise KeyError(f"no schema {name!r} in {SCHEMAS_DIR} (known: {known})")
    contents: dict[str, Any] = resolved.contents
    return contents


def relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def read_data_file(path: Path, schema_name: str) -> tuple[Any, yamlfile.Lines]:
    """Read a data file strictly and check it against its schema; errors name ``file:line``."""
    name = relative(path)
    data, lines = yamlfile.read_located(path, name)
    yamlfile.check_schema(data, lines, schema(schema_name), name, registry=_registry())
    return data, lines


def validate(value: Any, schema_name: str, name: str = "<json>", *, definition: str | None = None) -> None:
    """Check a JSON value (frames, an API answer) against a schema or one of its ``$defs``."""
    target = schema(schema_name)
    if definition is not None:
        target = {"$ref": f"urn:changpai:{schema_name}#/$defs/{definition}"}
    yamlfile.check_schema(value, {}, target, name, registry=_registry())
