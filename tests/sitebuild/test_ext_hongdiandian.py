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
    listing = ext_hongdiandian.options("en", None)
    assert listing.count("\n- **") == 12 and "Default: 1 层." in listing
