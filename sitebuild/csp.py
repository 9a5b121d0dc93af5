"""The site's Content-Security-Policy: one policy for every page, written into each page and sent by the server.

Scripts run only from the site itself ('self'), WebAssembly may compile ('wasm-unsafe-eval', for Pyodide), and the
few inline scripts the build writes (Material's, the kiosk's, the service-worker registration) are allowed by their
SHA-256 hashes, so no 'unsafe-inline' for scripts. Styles keep 'unsafe-inline': Material and the widgets set style
attributes.

* ``ext_csp.py`` hashes every inline script of the built site and writes the policy as a <meta> tag into every page;
* ``serve.py`` sends the page's own policy as a header (plus ``frame-ancestors``, which a <meta> cannot carry) and
  ``BASE_POLICY`` for every other file (the engine's worker and the service worker get theirs from the header).
"""

from __future__ import annotations

import base64
import hashlib
import re

META_NAME = "Content-Security-Policy"

DIRECTIVES: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "blob:"],  # blob: the sitemap handed to Material by assets/js/lean.js
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}
# Only as a header: a <meta> policy may not say who may frame the page.
HEADER_ONLY = {"frame-ancestors": ["'self'"]}

SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}

INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
SCRIPT_TYPES = {"", "text/javascript", "module", "application/javascript"}
META_TAG = re.compile(r'<meta http-equiv="Content-Security-Policy" content="(?P<policy>[^"]*)">')


def policy(script_hashes: list[str] | tuple[str, ...] = (), *, header: bool = False) -> str:
    directives = {name: list(values) for name, values in DIRECTIVES.items()}
    directives["script-src"] += [f"'sha256-{h}'" for h in sorted(set(script_hashes))]
    if header:
        directives.update(HEADER_ONLY)
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


BASE_POLICY = policy(header=True)


def with_header_only(policy_text: str) -> str:
    """A page's <meta> policy plus the directives only a header can carry."""
    return policy_text + "; " + "; ".join(f"{name} {' '.join(values)}" for name, values in HEADER_ONLY.items())


def inline_script_hashes(html: str) -> set[str]:
    """The base64 SHA-256 of every inline script a browser would run (JSON data blocks are not scripts)."""
    found = set()
    for match in INLINE_SCRIPT.finditer(html):
        attrs = match.group("attrs")
        if re.search(r"\ssrc\s*=", attrs, re.I):
            continue
        kind = re.search(r'\stype\s*=\s*"([^"]*)"', attrs, re.I)
        if kind and kind.group(1).strip().lower() not in SCRIPT_TYPES:
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        found.add(base64.b64encode(digest).decode("ascii"))
    return found


def meta_tag(policy_text: str) -> str:
    return f'<meta http-equiv="{META_NAME}" content="{policy_text}">'


def page_policy(html: bytes | str) -> str | None:
    """The policy written into a page (for the server's header), or None."""
    text = html.decode("utf-8", "replace") if isinstance(html, bytes) else html
    match = META_TAG.search(text[:8192])
    return match.group("policy") if match else None
