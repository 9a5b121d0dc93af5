"""The local server (sitebuild/serve.py): HTTP/1.1 with ETag revalidation, long lifetimes only for content-hashed
files, the site's 404 page with status 404, security headers, a sitemap with its own address, a port check."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild import csp
from sitebuild.serve import BUILT_SITE_URL, LOCAL_HOST, SiteRequestHandler, SiteServer

REPO_ROOT = Path(__file__).resolve().parents[2]
POLICY = csp.policy(["abc="])


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(
        f"<html><head>{csp.meta_tag(POLICY)}<title>首页</title></head><body>一</body></html>", encoding="utf-8"
    )
    (tmp_path / "404.html").write_text("<html><head></head><body>找不到</body></html>", encoding="utf-8")
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "404.html").write_text("<html><head></head><body>Not found</body></html>", encoding="utf-8")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "bundle.0123abcd.min.js").write_text("console.log(1)" * 50, encoding="utf-8")
    (tmp_path / "assets" / "site.js").write_text("console.log(2)" * 50, encoding="utf-8")
    (tmp_path / "assets" / "engine.whl").write_bytes(b"PK\x03\x04" + bytes(200))
    (tmp_path / "sitemap.xml").write_text(f"<urlset><url><loc>{BUILT_SITE_URL}index.html</loc></url></urlset>", "utf-8")
    return tmp_path


def fetch(conn: http.client.HTTPConnection, path: str, **headers: str) -> tuple[http.client.HTTPResponse, bytes]:
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    return response, response.read()


def test_one_connection_serves_many_requests_with_etag_revalidation(site: Path):
    with SiteServer(site) as server:
        port = server.httpd.server_address[1]
        conn = http.client.HTTPConnection(LOCAL_HOST, port, timeout=10)
        first, body = fetch(conn, "/assets/site.js", **{"Accept-Encoding": "gzip"})
        assert first.version == 11 and first.status == 200
        assert first.getheader("Content-Encoding") == "gzip" and first.getheader("Cache-Control") == "no-cache"
        etag = first.getheader("ETag")
        again, body2 = fetch(conn, "/assets/site.js", **{"Accept-Encoding": "gzip", "If-None-Match": etag})
        assert again.status == 304 and body2 == b"" and again.getheader("ETag") == etag  # same connection: keep-alive
        plain, _ = fetch(conn, "/assets/engine.whl")
        assert plain.status == 200 and plain.getheader("ETag")
        not_modified, _ = fetch(conn, "/assets/engine.whl", **{"If-None-Match": plain.getheader("ETag")})
        assert not_modified.status == 304
        os.utime(site / "assets" / "site.js", ns=(1, 1))  # "rebuilt": a new version, a new ETag
        changed, _ = fetch(conn, "/assets/site.js", **{"Accept-Encoding": "gzip", "If-None-Match": etag})
        assert changed.status == 200 and changed.getheader("ETag") != etag
        conn.close()


def test_every_connection_sends_each_write_at_once(site: Path, monkeypatch: pytest.MonkeyPatch):
    """Headers and body are two writes; with Nagle's algorithm the body waited for the client's delayed ACK of the
    headers (~40 ms on Linux) on every request after the connection's first few (issue 18: a page's stylesheets
    arrived 40 ms late). Every socket the server accepts has TCP_NODELAY set, read here on the server's own side (how
    long the requests take is a benchmark's business: benchmarks/bench_site.py)."""
    nodelay: list[int] = []
    setup = SiteRequestHandler.setup

    def setup_and_look(handler: SiteRequestHandler) -> None:
        setup(handler)
        nodelay.append(handler.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    monkeypatch.setattr(SiteRequestHandler, "setup", setup_and_look)
    with SiteServer(site) as server:
        for _ in range(2):  # two connections, a few requests each
            conn = http.client.HTTPConnection(LOCAL_HOST, server.httpd.server_address[1], timeout=10)
            for _ in range(3):
                response, body = fetch(conn, "/assets/site.js", **{"Accept-Encoding": "gzip"})
                assert response.status == 200 and body
            conn.close()
    assert len(nodelay) == 2 and all(nodelay), nodelay


def test_content_hashed_files_are_cached_for_a_year_and_others_revalidated(site: Path):
    with SiteServer(site) as server:
        conn = http.client.HTTPConnection(LOCAL_HOST, server.httpd.server_address[1], timeout=10)
        hashed, _ = fetch(conn, "/assets/bundle.0123abcd.min.js")
        assert hashed.getheader("Cache-Control") == "public, max-age=31536000, immutable"
        (site / "assets" / "engine-e3f55a2285cd.snapshot.gz").write_bytes(b"x")
        snapshot, _ = fetch(conn, "/assets/engine-e3f55a2285cd.snapshot.gz")
        assert "immutable" in snapshot.getheader("Cache-Control")
        by_query, _ = fetch(conn, "/assets/engine.whl?sha256=" + "ab" * 32)
        assert "immutable" in by_query.getheader("Cache-Control")
        for path in ("/assets/site.js", "/assets/engine.whl", "/index.html", "/"):
            response, _ = fetch(conn, path)
            assert response.getheader("Cache-Control") == "no-cache", path
        conn.close()


def test_a_page_names_its_stylesheets_for_preloading_and_nothing_else_does(site: Path):
    """The browser requests a page's stylesheets as the page's response arrives, not when its parser (without a
    preload scanner under the <meta> policy) reaches the <link> tags (issue 18: first contentful paint)."""
    links = (
        '<link rel="stylesheet" href="../assets/stylesheets/main.0123abcd.min.css">'
        '<link rel="stylesheet" href="../assets/css/changpai.0123456789ab.css">'
        '<link rel="stylesheet" href="https://elsewhere.example/x.css">'
    )
    (site / "learn").mkdir()
    (site / "learn" / "deals.html").write_text(
        f"<html><head>{csp.meta_tag(POLICY)}{links}</head><body>"
        '<link rel="stylesheet" href="../late.css"></body></html>',
        encoding="utf-8",
    )
    with SiteServer(site) as server:
        conn = http.client.HTTPConnection(LOCAL_HOST, server.httpd.server_address[1], timeout=10)
        page, _ = fetch(conn, "/learn/deals.html", **{"Accept-Encoding": "gzip"})
        assert page.getheader("Link") == (
            "</assets/stylesheets/main.0123abcd.min.css>; rel=preload; as=style, "
            "</assets/css/changpai.0123456789ab.css>; rel=preload; as=style"
        )
        again, _ = fetch(conn, "/learn/deals.html", **{"If-None-Match": page.getheader("ETag")})
        assert again.status in (200, 304)
        for path in ("/index.html", "/assets/site.js", "/nowhere.html"):  # no stylesheet, not a page, the 404 page
            response, _ = fetch(conn, path)
            assert response.getheader("Link") is None, path
        conn.close()


def test_pages_carry_their_policy_and_every_response_the_security_headers(site: Path):
    with SiteServer(site) as server:
        conn = http.client.HTTPConnection(LOCAL_HOST, server.httpd.server_address[1], timeout=10)
        page, _ = fetch(conn, "/")
        header = page.getheader("Content-Security-Policy")
        assert header.startswith(POLICY) and "frame-ancestors" in header
        assert "'unsafe-inline'" not in header.split("script-src")[1].split(";")[0]
        script, _ = fetch(conn, "/assets/site.js")
        assert script.getheader("Content-Security-Policy") == csp.BASE_POLICY
        for response in (page, script):
            assert response.getheader("X-Content-Type-Options") == "nosniff"
            assert response.getheader("Referrer-Policy") == "same-origin"
        conn.close()


def test_an_unknown_address_gets_the_404_page_of_its_language_with_status_404(site: Path):
    with SiteServer(site) as server:
        conn = http.client.HTTPConnection(LOCAL_HOST, server.httpd.server_address[1], timeout=10)
        zh, body = fetch(conn, "/no/such/page.html")
        assert zh.status == 404 and "找不到" in body.decode()
        en, body = fetch(conn, "/en/no-such-page/")
        assert en.status == 404 and "Not found" in body.decode()
        conn.close()


def test_the_sitemap_names_the_server_itself_never_a_forged_host(site: Path):
    with SiteServer(site) as server:
        port = server.httpd.server_address[1]
        conn = http.client.HTTPConnection(LOCAL_HOST, port, timeout=10)
        honest, body = fetch(conn, "/sitemap.xml")
        assert f"http://{LOCAL_HOST}:{port}/index.html" in body.decode()
        forged, body = fetch(conn, "/sitemap.xml", Host='evil.example"><script>x</script>')
        text = body.decode()
        assert "evil" not in text and "<script>" not in text
        assert f"http://{LOCAL_HOST}:{port}/index.html" in text
        conn.close()


def test_a_busy_port_is_reported_before_anything_is_built(tmp_path: Path):
    with socket.socket() as taken:
        taken.bind((LOCAL_HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "sitebuild.serve", "--check-port", "--port", str(port)],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
        )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert f"Port {port}" in proc.stderr and f"PORT={port + 1} bash scripts/serve.sh" in proc.stderr
    check = [sys.executable, "-m", "sitebuild.serve", "--check-port", "--port", str(port)]
    free = subprocess.run(check, cwd=REPO_ROOT, capture_output=True)
    assert free.returncode == 0


def test_serve_sh_checks_the_port_before_it_rebuilds():
    script = (REPO_ROOT / "scripts" / "serve.sh").read_text(encoding="utf-8")
    assert script.index("--check-port") < script.index("mkdocs build")
