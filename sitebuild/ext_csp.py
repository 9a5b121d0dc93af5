"""Write the site's Content-Security-Policy (sitebuild/csp.py) into every built page, as the first tag of <head>.

Runs in ``on_site_finished``, when every language is written: the policy lists the hash of every inline script of the
whole site (they differ only by the page's depth), so the same policy holds on every page and after instant
navigation. It runs before ``ext_offline`` (modules run in name order), so the service worker hashes the final pages.
"""

from __future__ import annotations

from pathlib import Path

from sitebuild import csp


def html_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.html") if p.is_file())


def write_policy(root: Path) -> str:
    pages = html_files(root)
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    hashes: set[str] = set()
    for text in texts.values():
        hashes |= csp.inline_script_hashes(text)
    policy_text = csp.policy(sorted(hashes))
    tag = csp.meta_tag(policy_text)
    for page, text in texts.items():
        old = csp.META_TAG.search(text)
        if old:
            text = text[: old.start()] + tag + text[old.end() :]
        else:
            head = text.find("<head>")
            if head == -1:
                continue
            text = text[: head + len("<head>")] + tag + text[head + len("<head>") :]
        page.write_text(text, encoding="utf-8")
    return policy_text


def on_site_finished(site_dir) -> None:
    write_policy(Path(site_dir))
