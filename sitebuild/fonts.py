"""Shipped CJK faces, subset to the characters the built site uses, as WOFF2 (no font is fetched from elsewhere).

* ``ChangpaiKai``  — AR PL UKai CN (Debian fonts-arphic-ukai): card faces and headings.
* ``ChangpaiSans`` — Noto Sans CJK SC (Debian fonts-noto-cjk): body text.

After every language is built, :func:`build_site_fonts` reads every text file of the site (pages, search index,
scripts, data), keeps the characters each font has, cuts them into chunks (commonest characters first), writes
``assets/fonts/changpai-{kai,sans}-<n>.woff2`` and ``assets/css/fonts.css`` (one ``@font-face`` per chunk with
its ``unicode-range``, so a page downloads only the chunks it uses, and a content hash against stale caches).
Each ``@font-face`` names the same face installed on the system first (``local()``), so a machine that has
it (the kiosk, any Debian with fonts-noto-cjk / fonts-arphic-ukai) downloads no font at all.
Subsetting a CJK font takes seconds, so results are cached in ``.cache/fonts/`` by character set.

Run ``python -m sitebuild.fonts SITE_DIR`` to (re)do it on a built site and print the sizes.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

REPO_ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = REPO_ROOT / ".cache" / "fonts"
CACHE_VERSION = "3"  # 3: the modification notice in name ID 10
CHUNK_CHARS = 160  # CJK characters per WOFF2 file (about 40 kB)

# Files whose text can reach the screen. Not text for readers: Pyodide's runtime, the fonts, Material's own
# scripts and styles (its UI strings are in the pages; its lunr language files hold word lists of other scripts).
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".yml", ".yaml"}
SKIP_DIRS = {"assets/engine/pyodide", "assets/fonts", "assets/javascripts", "assets/stylesheets"}


@dataclass(frozen=True)
class Face:
    family: str  # CSS family name
    file_stem: str  # assets/fonts/<file_stem>.woff2
    source: Path
    source_name: str  # the face inside the collection (name ID 1)
    weight: int = 400
    cjk_only: bool = False  # Latin in this face looks like a typewriter: leave it to the next font in the stack

    def wants(self, codepoint: int) -> bool:
        return not self.cjk_only or is_cjk(codepoint)


def is_cjk(codepoint: int) -> bool:
    """CJK ideographs, radicals, symbols and punctuation, kana/bopomofo, full-width forms."""
    return (
        0x2E80 <= codepoint <= 0x9FFF
        or 0xF900 <= codepoint <= 0xFAFF
        or 0xFE30 <= codepoint <= 0xFE4F
        or (0xFF00 <= codepoint <= 0xFFEF)
        or 0x20000 <= codepoint <= 0x3FFFF
    )


FACES = (
    Face(
        "ChangpaiKai", "changpai-kai", Path("/usr/share/fonts/truetype/arphic/ukai.ttc"), "AR PL UKai CN", cjk_only=True
    ),
    Face(
        "ChangpaiSans",
        "changpai-sans",
        Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        "Noto Sans CJK SC",
    ),
)


class FontError(Exception):
    pass


def site_character_usage(site_dir: Path) -> Counter[int]:
    """For every character (as a code point) in the site's text files, in how many files it occurs.

    Markup is included: its ASCII is cheap and covers the Latin text.
    """
    usage: Counter[int] = Counter()
    for root, dirs, files in os.walk(site_dir):
        here = Path(root).relative_to(site_dir)
        dirs[:] = [d for d in dirs if (here / d).as_posix() not in SKIP_DIRS]
        for name in files:
            path = Path(root, name)
            if path.suffix in TEXT_SUFFIXES:
                text = path.read_text(encoding="utf-8", errors="ignore")
                usage.update(ord(c) for c in set(text) if c.isprintable() or c == " ")
    return usage


def site_characters(site_dir: Path) -> set[str]:
    """Every character in the site's text files."""
    return {chr(cp) for cp in site_character_usage(site_dir)}


def _open_face(face: Face) -> TTFont:
    if not face.source.is_file():
        raise FontError(f"{face.source} is missing: run scripts/setup.sh (fonts-noto-cjk, fonts-arphic-ukai)")
    if face.source.suffix.lower() == ".ttc":
        collection = TTCollection(str(face.source), lazy=True)
        for index, font in enumerate(collection.fonts):
            if font["name"].getDebugName(1) == face.source_name:
                return TTFont(str(face.source), fontNumber=index)
        raise FontError(f"{face.source} has no face named {face.source_name!r}")
    return TTFont(str(face.source))


def _cmap_codepoints(face: Face) -> set[int]:
    cache = CACHE_DIR / f"{face.file_stem}.cmap.json"
    stamp = f"{face.source}:{face.source.stat().st_mtime_ns}:{face.source_name}"
    if cache.is_file():
        data = json.loads(cache.read_text())
        if data.get("stamp") == stamp:
            return set(data["codepoints"])
    font = _open_face(face)
    codepoints = set(font.getBestCmap())
    _atomic_write(cache, json.dumps({"stamp": stamp, "codepoints": sorted(codepoints)}).encode())
    return codepoints


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(tmp, path)


MODIFICATION_NOTICE = (
    "Modified by the Changpai Archive (2026-12-01 and later builds): subset to the characters of the built "
    "site, hinting removed, converted to WOFF2. The original font and its licence are unchanged otherwise."
)


def _subset_options(flavor: str | None) -> subset.Options:
    options = subset.Options()
    options.flavor = flavor
    options.hinting = False  # screens at these sizes do not need it, and it is a third of a CJK font
    options.desubroutinize = True  # smaller after Brotli for CFF faces
    options.layout_features = ["kern", "liga", "locl", "ccmp", "palt", "halt"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 10, 13, 14]  # copyright, licence, and our modification notice (10)
    options.notdef_outline = True
    options.drop_tables += ["FFTM"]
    return options


def _subset(font: TTFont, codepoints: set[int], flavor: str | None) -> bytes:
    options = _subset_options(flavor)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    # The Arphic licence (and good practice for the OFL) asks a changed font file to say that it was changed.
    font["name"].setName(MODIFICATION_NOTICE, 10, 3, 1, 0x409)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()


def _cache_key(face: Face, codepoints: set[int]) -> str:
    return hashlib.sha256(
        f"{CACHE_VERSION}|{face.source}|{face.source.stat().st_mtime_ns}|{face.source_name}|".encode()
        + ",".join(map(str, sorted(codepoints))).encode()
    ).hexdigest()[:24]


def subset_chunks(face: Face, chunks: list[set[int]]) -> list[bytes]:
    """WOFF2 bytes of the face reduced to each chunk of code points (each cached by face + characters).

    Opening a CJK collection takes seconds, so the face is opened once and cut to all chunks' characters;
    each chunk is then cut from that small font.
    """
    results: list[bytes | None] = []
    for chunk in chunks:
        cached = CACHE_DIR / f"{face.file_stem}-{_cache_key(face, chunk)}.woff2"
        results.append(cached.read_bytes() if cached.is_file() else None)
    if all(r is not None for r in results):
        return results  # type: ignore[return-value]
    base = _subset(_open_face(face), set().union(*chunks), flavor=None)
    for i, chunk in enumerate(chunks):
        if results[i] is None:
            data = _subset(TTFont(io.BytesIO(base)), chunk, flavor="woff2")
            _atomic_write(CACHE_DIR / f"{face.file_stem}-{_cache_key(face, chunk)}.woff2", data)
            results[i] = data
    return results  # type: ignore[return-value]


def _punctuation(codepoint: int) -> bool:
    return 0x3000 <= codepoint <= 0x303F or 0xFF00 <= codepoint <= 0xFFEF


def split_into_chunks(codepoints: set[int], usage: Counter[int], size: int = CHUNK_CHARS) -> list[set[int]]:
    """Non-CJK characters in one chunk; CJK ones by how many files use them (commonest first), ``size`` each.

    With a unicode-range per chunk the browser downloads only the chunks a page needs: an English page
    fetches the common chunk and few others, a Chinese page the chunks its characters fall in.
    """
    chunks: list[set[int]] = []
    other = {cp for cp in codepoints if not is_cjk(cp)}
    if other:
        chunks.append(other)
    # CJK punctuation (、。《》「」…) and full-width forms first, all in one chunk: they are on every Chinese page,
    # and the subsetter keeps some of them in pairs (《 with 》), which split apart would repeat in two chunks
    cjk = sorted((cp for cp in codepoints if is_cjk(cp)), key=lambda cp: (not _punctuation(cp), -usage[cp], cp))
    chunks += [set(cjk[i : i + size]) for i in range(0, len(cjk), size)]
    return chunks


def local_names(face: Face) -> list[str]:
    """The face's full and PostScript names (what CSS local() matches), read from the font itself."""
    names = _open_face(face)["name"]
    found = [names.getDebugName(4), names.getDebugName(6)]
    return [n for i, n in enumerate(found) if n and n not in found[:i]]


def unicode_ranges(codepoints: set[int]) -> str:
    """CSS unicode-range for the code points, merged into runs: "U+20-7E, U+4E00-4E01"."""
    runs: list[tuple[int, int]] = []
    for cp in sorted(codepoints):
        if runs and cp == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], cp)
        else:
            runs.append((cp, cp))
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def build_site_fonts(site_dir: Path) -> dict[str, int]:
    """Subset both faces to the site's characters in chunks; write the WOFF2 files and fonts.css.

    Returns bytes per written file.
    """
    usage = site_character_usage(site_dir)
    wanted = set(usage)
    css = ["/* Generated by sitebuild/fonts.py from the characters this site uses; do not edit. */"]
    sizes: dict[str, int] = {}
    fonts_dir = site_dir / "assets" / "fonts"
    fonts_dir.mkdir(parents=True, exist_ok=True)
    for old in fonts_dir.glob("changpai-*.woff2"):
        old.unlink()
    for face in FACES:
        codepoints = {cp for cp in wanted & _cmap_codepoints(face) if face.wants(cp)}
        chunks = split_into_chunks(codepoints, usage)
        # The same face installed on the reader's machine (Debian's fonts-noto-cjk / fonts-arphic-ukai on the kiosk)
        # is used first: identical glyphs and nothing to download. The subset is the fallback.
        local_sources = ", ".join(f'local("{n}")' for n in local_names(face))
        for index, (chunk, data) in enumerate(zip(chunks, subset_chunks(face, chunks), strict=True)):
            name = f"{face.file_stem}-{index}.woff2"
            (fonts_dir / name).write_bytes(data)
            sizes[name] = len(data)
            digest = hashlib.sha256(data).hexdigest()[:12]
            css.append(
                "@font-face {\n"
                f'  font-family: "{face.family}";\n'
                f'  src: {local_sources}, url("../fonts/{name}?v={digest}") format("woff2");\n'
                f"  font-weight: {face.weight};\n"
                "  font-style: normal;\n"
                "  font-display: swap;\n"
                f"  unicode-range: {unicode_ranges(chunk)};\n"
                "}"
            )
    css_path = site_dir / "assets" / "css" / "fonts.css"
    css_path.parent.mkdir(parents=True, exist_ok=True)
    css_path.write_text("\n".join(css) + "\n", encoding="utf-8")
    return sizes


def family_totals(sizes: dict[str, int]) -> dict[str, tuple[int, int]]:
    """file stem → (number of chunk files, total bytes)."""
    totals: dict[str, tuple[int, int]] = {}
    for name, size in sizes.items():
        stem = name.rsplit("-", 1)[0]
        count, total = totals.get(stem, (0, 0))
        totals[stem] = (count + 1, total + size)
    return totals


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m sitebuild.fonts SITE_DIR")
    sizes = build_site_fonts(Path(sys.argv[1]))
    for name, size in sizes.items():
        print(f"{name}: {size} bytes")
    for stem, (count, total) in family_totals(sizes).items():
        print(f"{stem}: {count} files, {total} bytes in all")


if __name__ == "__main__":
    main()
