"""The 红点点 tables of the Wuchuan page come from the engine (sitebuild/ext_hongdiandian.py)."""

from changpai.hongdiandian.rules import HUADA, SICHENG, get_rules

from sitebuild import ext_hongdiandian


def test_the_card_table_gives_every_card_its_points_and_marks_our_reading():
    table = ext_hongdiandian.cards("zh", None)
    assert table.count("\n| ") == 21  # the header and the 20 kinds
    assert "| 柒 | 人牌 | 4-4 人牌 | 16 |" in table and "我们的推断" in table
    assert "Red points" in ext_hongdiandian.cards("en", None)


def test_the_class_tables_are_the_rule_sets_own():
    for name in (SICHENG, HUADA):
        table = ext_hongdiandian.classes(name, "en", None)
        for cls in get_rules(name).classes:
            assert f"| {cls.when.en} | {cls.layers.value} |" in table


def test_the_options_list_every_open_point():
    from changpai.hongdiandian.options import OPTIONS

    listing = ext_hongdiandian.options("en", None)
    variants = ext_hongdiandian.variants("en", None)
    assert listing.count("\n- **") == len(OPTIONS) - 3 and "Default: 1 层." in listing  # the variants list apart
    for option in OPTIONS.values():  # every open point is on the page, in one list or the other
        assert (option.question.en in listing) != (option.question.en in variants), option.name


def test_the_variants_are_listed_with_the_engines_readings_marked_as_ours():
    from changpai.hongdiandian.options import READINGS

    for lang, mark in (("zh", "本站的读法"), ("en", "our reading")):
        text = ext_hongdiandian.variants(lang, None)
        assert text.count("\n- **") == 2  # five players; a wild 大叁
        for reading, why in READINGS["five_players"] + READINGS["wild_dasan"]:
            assert f"{reading.get(lang)}（{mark}：{why.value.get(lang)}）" in text or (
                f"{reading.get(lang)} ({mark}: {why.value.get(lang)})" in text
            )
        assert "engine" not in text  # the visitor reads words, not the engine's tags
