"""Serve a built site on 127.0.0.1 with the MIME types Pyodide needs (module JS, wasm).

Used by scripts/serve.sh (``python -m sitebuild.serve site --port 8000``), the browser tests and the benchmark.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import re
import sys
import threading
from pathlib import Path
from urllib.parse import urljoin

from sitebuild import csp

LOCAL_HOST = "127.0.0.1"

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
    ".svg": "image/svg+xml",
}


BUILT_SITE_URL = "http://127.0.0.1:8000/"  # site_url in mkdocs.yml

# Sent gzip-compressed when the browser accepts it (Pyodide's wasm shrinks from 9.6 MB to 3.6 MB, the search
# index five-fold). Already-compressed formats (woff2, zip, whl, png) are sent as they are.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".xml", ".svg", ".wasm", ".txt", ".map"}
_gzip_cache: dict[tuple[str, int, int], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str) -> bytes:
    """The file's gzip bytes, compressed once per version of the file."""
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    with _gzip_lock:
        cached = _gzip_cache.get(key)
    if cached is None:
        with open(path, "rb") as f:
            cached = gzip.compress(f.read(), compresslevel=6, mtime=0)
        with _gzip_lock:
            _gzip_cache[key] = cached
    return cached


# Content-hashed names (Material's bundle.a5f9d56c.min.js, the engine's engine-e3f55a2285cd.snapshot.gz) and URLs
# carrying the file's hash (the wheel's "?sha256=…", the fonts' "?v=…") never change meaning: cache them for a year.
# Everything else is revalidated with its ETag on every use (a 304 costs a round trip, not the bytes).
HASHED_NAME = re.compile(r"[.-][0-9a-f]{8,}\.[A-Za-z0-9.]+$")
HASHED_QUERY = re.compile(r"(?:^|&)(?:sha256|h|v)=[0-9a-f]{8,}(?:&|$)")
LONG_LIVED = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def cache_control(url_path: str, query: str) -> str:
    return LONG_LIVED if HASHED_NAME.search(url_path) or HASHED_QUERY.search(query) else REVALIDATE


# A page's stylesheets are named in a "Link: <…>; rel=preload" header of the page's response (issue 18: the deals page's
# first contentful paint). The browser then requests them as the response arrives, ~30 ms before its parser reaches
# the <link> tags (it first commits the page and, with the <meta> policy, has no preload scanner to look ahead).
HEAD_BYTES = 16384  # the policy and the stylesheets come first in <head>
STYLESHEET_LINK = re.compile(rb'<link rel="stylesheet" href="([^"]+)"')


def preload_header(head: bytes, url_path: str) -> str | None:
    """The Link header preloading the stylesheets of a page's <head> (its first HEAD_BYTES bytes), or None."""
    end = head.find(b"</head>")
    hrefs = STYLESHEET_LINK.findall(head if end == -1 else head[:end])
    targets = []
    for raw in hrefs:
        href = raw.decode("ascii", "replace")
        if not href.isascii() or "\ufffd" in href or re.match(r"[a-z][a-z0-9+.-]*:|//", href, re.I):
            continue  # only the site's own files, by a relative or root-relative address
        targets.append(f"<{urljoin(url_path, href)}>; rel=preload; as=style")
    return ", ".join(targets) or None


def etag_matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    if header.strip() == "*":
        return True
    return etag in {tag.strip().removeprefix("W/") for tag in header.split(",")}


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """HTTP/1.1 with keep-alive, ETag revalidation, gzip, the site's 404 page and its security headers."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle's algorithm the body of a small file on a kept-alive
    # connection waited for the browser's delayed ACK of the headers (~40 ms on Linux), so a page's stylesheets
    # arrived 40 ms late (issue 18, first contentful paint). TCP_NODELAY sends each write at once.
    disable_nagle_algorithm = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True
    _policy: str | None = csp.BASE_POLICY

    _preload: str | None = None

    def send_response(self, code, message=None):
        self._status = code
        self._length = 0
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def end_headers(self):
        log = getattr(self.server, "request_log", None)
        if log is not None and self.command == "GET":
            log.append((self.path, getattr(self, "_status", 0), getattr(self, "_length", 0)))
        if self._policy:
            self.send_header("Content-Security-Policy", self._policy)
        if self._preload and getattr(self, "_status", 0) == 200:
            self.send_header("Link", self._preload)
        for name, value in csp.SECURITY_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def own_address(self) -> str:
        """The address to write into sitemap.xml: this server's, never the Host header as given."""
        port = self.server.server_address[1]
        host = (self.headers.get("Host") or "").strip().lower()
        if host in (f"localhost:{port}", f"{LOCAL_HOST}:{port}"):
            return f"http://{host}/"  # one of our own names, exactly: Material's instant navigation wants it
        return f"http://{LOCAL_HOST}:{port}/"

    def send_head(self):
        self._policy = csp.BASE_POLICY
        self._preload = None
        url_path, _, query = self.path.partition("?")
        url_path = url_path.split("#")[0]
        query = query.split("#")[0]
        path = self.translate_path(url_path)
        if os.path.isdir(path):
            if not url_path.endswith("/"):
                return super().send_head()  # the standard redirect to "dir/"
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return self._send_not_found(url_path)
        # Material's instant navigation only follows links listed in sitemap.xml, and it compares them with
        # scheme, host AND port. The build writes site_url (port 8000); this server writes its own address.
        if url_path.endswith("/sitemap.xml"):
            with open(path, "rb") as f:
                body = f.read().replace(BUILT_SITE_URL.encode(), self.own_address().encode())
            return self._send_bytes(body, "application/xml", cache=REVALIDATE)
        suffix = os.path.splitext(path)[1].lower()
        st = os.stat(path)
        gzip_it = suffix in COMPRESSIBLE and "gzip" in (self.headers.get("Accept-Encoding") or "")
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-gz" if gzip_it else ""}"'
        content_type = self.guess_type(path)
        if suffix == ".html":
            with open(path, "rb") as f:
                head = f.read(HEAD_BYTES)
            page_policy = csp.page_policy(head)
            self._preload = preload_header(head, url_path)
            # A page built without a policy gets none (its inline scripts have no hashes to allow them).
            self._policy = csp.with_header_only(page_policy) if page_policy else None
            content_type = "text/html; charset=utf-8"
        cache = cache_control(url_path, query)
        if etag_matches(self.headers.get("If-None-Match"), etag):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", cache)
            if suffix in COMPRESSIBLE:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        if gzip_it:
            return self._send_bytes(gzipped(path), content_type, encoding="gzip", etag=etag, cache=cache)
        f = open(path, "rb")  # noqa: SIM115 - closed by the base class after copying
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", cache)
        if suffix in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def _send_not_found(self, url_path: str):
        """The site's own 404 page, in the language of the address (/en/… is English)."""
        page = "en/404.html" if url_path.startswith("/en/") else "404.html"
        try:
            with open(os.path.join(self.directory, page), "rb") as f:
                body = f.read()
        except OSError:
            self.send_error(404)
            return None
        page_policy = csp.page_policy(body)
        self._policy = csp.with_header_only(page_policy) if page_policy else None
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", REVALIDATE)
        self.end_headers()
        return io.BytesIO(body)

    def _send_bytes(
        self, body: bytes, content_type: str, *, encoding: str | None = None, etag: str | None = None, cache: str
    ):
        self.send_response(200)
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", cache)
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):  # noqa: A002 - signature fixed by the base class
        if not self.quiet:
            super().log_message(format, *args)


class QuietThreadingHTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that stops a download (a page left mid-load) is not a server error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A built site on 127.0.0.1 in a background thread; port 0 picks a free port.

    ``record=True`` keeps ``request_log``: (path with query, status, body bytes) of every GET, for the offline tests
    and the benchmarks (what a rebuild makes the browser download again)."""

    def __init__(self, root: Path, port: int = 0, *, quiet: bool = True, record: bool = False):
        handler_class = type("Handler", (SiteRequestHandler,), {"quiet": quiet})
        handler = functools.partial(handler_class, directory=str(root))
        self.httpd = QuietThreadingHTTPServer((LOCAL_HOST, port), handler)
        self.request_log: list[tuple[str, int, int]] | None = [] if record else None
        self.httpd.request_log = self.request_log  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def port_problem(port: int) -> str | None:
    """Why the server could not listen on ``port`` (already in use, not allowed), or None when it can."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((LOCAL_HOST, port))
        except OSError as exc:
            return exc.strerror or str(exc)
    return None


def port_message(port: int, problem: str) -> str:
    return (
        f"Port {port} on {LOCAL_HOST} is not available ({problem}); is the site already being served?\n"
        f"端口 {port} 无法使用（{problem}），也许网站已经在运行。\n"
        f"Choose another port / 换一个端口：PORT={port + 1} bash scripts/serve.sh"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path, nargs="?", help="the built site directory")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--check-port", action="store_true", help="only check that the port is free (exit 1 if not)")
    args = parser.parse_args()
    if not 0 < args.port < 65536:
        parser.error(f"--port {args.port}: a port is a number from 1 to 65535")
    problem = port_problem(args.port)
    if problem:
        print(port_message(args.port, problem), file=sys.stderr)
        raise SystemExit(1)
    if args.check_port:
        return
    if args.root is None or not (args.root / "index.html").is_file():
        parser.error(f"{args.root} has no index.html: build the site first")
    try:
        server = SiteServer(args.root, args.port, quiet=False)
    except OSError as exc:  # taken between the check and now
        print(port_message(args.port, exc.strerror or str(exc)), file=sys.stderr)
        raise SystemExit(1) from None
    print(f"Serving {args.root} on {server.url} (Ctrl-C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()


if __name__ == "__main__":
    main()
