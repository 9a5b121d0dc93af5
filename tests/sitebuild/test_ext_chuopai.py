"""The 戳牌 deals of the rules page (sitebuild/ext_chuopai.py): the viewer's first frame drawn at build time from
the engine's frames, the frames published for the viewer, and a bad record failing the build with its file, step and
the page's line."""

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from changpai import yamlfile
from changpai.chuopai.record import frames, read_record

from sitebuild import ext_chuopai, shortcodes

TUTORIALS = ext_chuopai.TUTORIALS


def test_the_first_frame_is_the_deal_drawn_from_the_engine():
    deal, _ = read_record(yamlfile.read(TUTORIALS / "chuopai-win.yml"))
    pages = (
        ("zh", "rules/chuopai.html", "甲先出"),
        ("en", "en/rules/chuopai.html", "A leads"),
        ("en", "kiosk/index.html", "A leads"),
    )
    for lang, page_url, leads in pages:
        html = ext_chuopai.deal_html("chuopai-win", lang, page_url)
        up = "../" * page_url.count("/")  # every picture and the frames are found from the page that holds the deal
        assert f'src="{up}assets/cards/dominoes/' in html and f'data-src="{up}assets/chuopai/chuopai-win.json' in html
        assert f'src="{up}../assets' not in html
        frame = html[html.index('<div class="cp-chuo-frame"') : html.index('<details class="cp-chuopai-deal"')]
        assert 'data-step="0"' in frame and leads in frame
        hard = sum(1 for h in deal.dealt for c in h if ext_chuopai.CLASS[c] == ext_chuopai.HARD)
        assert frame.count("<img") == sum(len(h) for h in deal.dealt)  # every card: in hand, or a 硬张 in front
        assert frame.count('class="cp-chuo-hard"') == 3 and hard > 0
        assert "<table>" in html  # the table of every trick stays, for reading without the viewer
        assert "cannot_beat" not in html and "chuopai-win.json" in html


def _broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = yamlfile.read(TUTORIALS / "chuopai-must-beat.yml")
    data["steps"][3]["do"] = "0 play 二红"  # a 硬张 led: never played
    (tmp_path / "broken.yml").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr(ext_chuopai, "TUTORIALS", tmp_path)


def test_a_bad_record_fails_the_page_with_its_file_and_step(tmp_path, monkeypatch):
    _broken(tmp_path, monkeypatch)
    markdown = "# 戳牌\n\n{{cp chuopai-deal broken}}\n"
    with pytest.raises(shortcodes.ShortcodeError) as caught:
        shortcodes.expand(
            markdown, lang="zh", page=SimpleNamespace(url="rules/chuopai.html"), source="docs/rules/chuopai.md"
        )
    message = str(caught.value)
    assert "docs/rules/chuopai.md:3" in message and "tutorials/chuopai/broken.yml: steps.3.do" in message


def test_a_bad_record_stops_the_frames_being_published(tmp_path, monkeypatch):
    _broken(tmp_path, monkeypatch)
    with pytest.raises(ValueError, match=r"broken\.yml: steps\.3"):
        ext_chuopai.on_post_build({"site_dir": str(tmp_path / "site")})


def test_a_frame_the_viewer_cannot_draw_names_its_step():
    deal, steps = read_record(yamlfile.read(TUTORIALS / "chuopai-must-beat.yml"))
    view = frames(deal, steps)
    ext_chuopai.check_frames(view, "x.yml")
    view["frames"][4]["taker"] = 2 if view["frames"][4]["trick"][0]["seat"] != 2 else 1
    view["frames"][4]["trick"] = view["frames"][4]["trick"][:1]
    with pytest.raises(ValueError, match=r"x\.yml: steps\.3: the trick's taker did not play"):
        ext_chuopai.check_frames(view, "x.yml")
    del view["frames"][2]["hands"]
    with pytest.raises(ValueError, match=r"x\.yml: steps\.1: .*lacks hands"):
        ext_chuopai.check_frames(view, "x.yml")


def test_the_frames_are_published_for_every_deal(tmp_path):
    ext_chuopai.on_post_build({"site_dir": str(tmp_path)})
    names = sorted(p.stem for p in (tmp_path / "assets" / "chuopai").glob("*.json"))
    assert names == sorted(p.stem for p in TUTORIALS.glob("*.yml"))
    shutil.rmtree(tmp_path)


def test_a_deal_with_jokers_draws_the_joker_picture_with_its_words_in_each_language():
    from changpai.chuopai.cards import JOKER, PICTURE, SHORT, picture_label

    deal, steps = read_record(yamlfile.read(TUTORIALS / "chuopai-jokers.yml"))
    jokers = sum(h.count(JOKER) for h in deal.dealt)
    assert deal.rules.jokers and jokers > 0
    view = frames(deal, steps)
    assert (
        view["faces"][SHORT[JOKER]] == PICTURE[JOKER] and view["labels"][SHORT[JOKER]] == picture_label(JOKER).as_dict()
    )
    ext_chuopai.check_frames(view, "chuopai-jokers.yml")
    for lang in ("zh", "en"):
        html = ext_chuopai.deal_html("chuopai-jokers", lang, "rules/chuopai.html")
        frame = html[html.index('<div class="cp-chuo-frame"') : html.index('<details class="cp-chuopai-deal"')]
        src = f"../assets/cards/dominoes/{PICTURE[JOKER]}.svg"
        drawn = f'<img class="cp-card" src="{src}" alt="{picture_label(JOKER).get(lang)}"'
        assert frame.count(drawn) == jokers, lang  # laid in front at the deal, as 硬张 are (the default reading)
        assert frame.count("<img") == sum(len(h) for h in deal.dealt)
    # a deck without jokers does not name them to the viewer
    plain, plain_steps = read_record(yamlfile.read(TUTORIALS / "chuopai-win.yml"))
    assert SHORT[JOKER] not in frames(plain, plain_steps)["faces"]
