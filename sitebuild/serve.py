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
import sys
import threading
from pathlib import Path

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


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True

    def send_head(self):
        # Material's instant navigation only follows links listed in sitemap.xml, and it compares them with
        # scheme, host AND port. The build writes site_url (port 8000); served on any other port, the sitemap
        # is given the address the browser actually used, so instant navigation works there too.
        url_path = self.path.split("?")[0].split("#")[0]
        if url_path.endswith("/sitemap.xml"):
            path = self.translate_path(url_path)
            try:
                with open(path, "rb") as f:
                    body = f.read()
            except OSError:
                return super().send_head()
            host = self.headers.get("Host") or f"{LOCAL_HOST}:{self.server.server_address[1]}"
            body = body.replace(BUILT_SITE_URL.encode(), f"http://{host}/".encode())
            return self._send_bytes(body, "application/xml")
        path = self.translate_path(url_path)
        if not os.path.exists(path):
            return self._send_not_found(url_path)
        suffix = os.path.splitext(path)[1].lower()
        accepts_gzip = "gzip" in (self.headers.get("Accept-Encoding") or "")
        if accepts_gzip and suffix in COMPRESSIBLE and os.path.isfile(path):
            st = os.stat(path)
            etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}-gz"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return None
            return self._send_bytes(gzipped(path), self.guess_type(path), encoding="gzip", etag=etag)
        return super().send_head()

    def _send_not_found(self, url_path: str):
        """The site's own 404 page, in the language of the address (/en/… is English)."""
        page = "en/404.html" if url_path.startswith("/en/") else "404.html"
        try:
            with open(os.path.join(self.directory, page), "rb") as f:
                body = f.read()
        except OSError:
            self.send_error(404)
            return None
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _send_bytes(self, body: bytes, content_type: str, *, encoding: str | None = None, etag: str | None = None):
        self.send_response(200)
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")  # revalidate: a rebuilt site is never served stale
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
    """A built site on 127.0.0.1 in a background thread; port 0 picks a free port."""

    def __init__(self, root: Path, port: int = 0, *, quiet: bool = True):
        handler_class = type("Handler", (SiteRequestHandler,), {"quiet": quiet})
        handler = functools.partial(handler_class, directory=str(root))
        self.httpd = QuietThreadingHTTPServer((LOCAL_HOST, port), handler)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path, help="the built site directory")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.root / "index.html").is_file():
        parser.error(f"{args.root} has no index.html: build the site first")
    server = SiteServer(args.root, args.port, quiet=False)
    print(f"Serving {args.root} on {server.url} (Ctrl-C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()


if __name__ == "__main__":
    main()
