"""Rule-set tables rendered from the engine's own data, so a page can never disagree with the engine.

Shortcodes (``NAME`` is a rule set: ``luzhou-a``, ``luzhou-b``, ``leshan``, ``wuchuan``, ``leshan-bazhang`` …):

``{{cp ruleset-table NAME basics}}``
    sources, colours, the minimum to win.
``{{cp ruleset-table NAME set-points}}``
    points of 碰 / 坎 / 招 / 龙 by colour and case, each row with its source and note.
``{{cp ruleset-table NAME special-sets}}``
    points of 一二三 / 二七十 and of every other run, mixed set and pair.
``{{cp ruleset-table NAME names}}``
    the tradition's own word for each kind of set.
``{{cp ruleset-table NAME patterns}}``
    named patterns (名堂, 坤和, win classes …): condition, value, source, and whether the engine can read it
    from the hand alone.
``{{cp ruleset-table NAME grades}}``
    the totals read from the points (Leshan 小和 … 台和, Luzhou [004] 等); other rule sets say they have none.
``{{cp ruleset-table NAME scores}}``
    what each loser pays, from the engine's settlement (Luzhou [001]'s 分 bands; Wuchuan's class amounts,
    engine defaults); the other rule sets state their payment rule in a line.
``{{cp ruleset-table NAME match [option=value …]}}``
    a sitting of several deals: who shuffles and deals each, from the tradition's match rules; options of play
    choose another way of sitting (``{{cp ruleset-table leshan match leshan_match=dajuan}}``: 打圈).
``{{cp ruleset-options NAME}}``
    every option of the tradition (the hand's and the play's): question, choices, the engine's default and why,
    in words; ``{{cp ruleset-options NAME codes}}`` (the reference page) also gives the option names.
``{{cp ruleset-notes NAME}}``
    for a visitor page: who plays and how many cards, the minimum to win and the rule set's notes, without the
    rule set's code name (Leshan's short deals, whose page must say what is our reading).
``{{cp ruleset-compare KIND}}``
    one kind of set (``pong``, ``kan``, ``kong``, ``four``) across every rule set, side by side.

Everything is rendered as Markdown in the page's language (``zh`` or ``en``); source tags link to the
sources page.
"""

from __future__ import annotations

from typing import Any

from changpai.core.options import ANY_NUMBER, OptionDef, choice_key
from changpai.core.text import Text
from changpai.daer.actions import native_words
from changpai.daer.options import value_of
from changpai.daer.patterns import value_text
from changpai.daer.rules import CARD_CLASSES, SPECIAL_NAMES, RuleSet
from changpai.daer.sets import GENERIC_NAMES, SetKind
from changpai.daer.traditions import RULESETS, get_rules

from sitebuild.shortcodes import shortcode

SOURCES_PAGE = {"zh": "archive/sources.md", "en": "archive/sources.en.md"}
IDENTICAL_KINDS = (SetKind.PONG, SetKind.KAN, SetKind.KONG, SetKind.FOUR)


def _t(text: Text, lang: str) -> str:
    return text.get(lang)


def _lang(lang: str) -> str:
    return "en" if lang.startswith("en") else "zh"


def _sources_link(page: Any, lang: str) -> str:
    target = SOURCES_PAGE[lang]
    src = getattr(getattr(page, "file", None), "src_uri", None)
    if not src:
        return "../" + target
    from mkdocs.utils import get_relative_url

    return get_relative_url(target, src)


def _tag(source: str, page: Any, lang: str) -> str:
    """A source tag as a link to its entry, or the words for an engine choice."""
    if source == "engine":
        return "引擎取舍" if lang == "zh" else "engine's choice"
    number = source.strip("[]")
    return f"[\\[{number}\\]]({_sources_link(page, lang)}#source-{number})"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(_cell(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n" + "\n".join(lines) + "\n"


def _point_header(rules: RuleSet, lang: str) -> str:
    """The column head for points, in the tradition's own word (胡数, 和数)."""
    return f"{rules.point_word.zh}数" if lang == "zh" else "Points"


def _rules(args: list[str], position: int = 0) -> RuleSet:
    if len(args) <= position:
        raise ValueError(f"name a rule set ({', '.join(RULESETS)})")
    return get_rules(args[position])


# ----------------------------------------------------------------------------- the tables


def basics(rules: RuleSet, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    red = rules.red_scheme
    scheme = {
        "two-seven-ten": Text("大小写的二、七、十为红", "2, 7 and 10 are red, in both cases"),
        "big": Text("大写为红，小写为黑", "big cards red, small cards black"),
    }[red.value]
    rows = [
        [
            "规则集" if zh else "Rule set",
            f"`{rules.name}` — {_t(rules.title, lang)}",
            _tag(rules.sources[0], page, lang),
        ],
        [
            "红牌" if zh else "Red cards",
            _t(scheme, lang)
            if red.source != "engine"
            else _t(scheme, lang) + ("：" if zh else ": ") + _t(red.note, lang),
            _tag(red.source, page, lang),
        ],
        [
            f"{native_words(rules)['win'].zh}牌最少" if zh else "Minimum to win",  # (和牌 in Leshan)
            f"{rules.min_points.value}",
            _tag(rules.min_points.source, page, lang),
        ],
    ]
    for note in rules.notes:
        rows.append(["说明" if zh else "Note", _t(note.note, lang), _tag(note.source, page, lang)])
    return _table(["项目" if zh else "Item", "内容" if zh else "Value", "出处" if zh else "Source"], rows)


def set_points(rules: RuleSet, lang: str, page: Any = None) -> str:
    classes = rules.card_classes
    header = ["组" if lang == "zh" else "Set"] + [_t(CARD_CLASSES[c], lang) for c in classes]
    header += ["说明" if lang == "zh" else "Note", "出处" if lang == "zh" else "Source"]
    rows = []
    for kind in IDENTICAL_KINDS:
        row = rules.set_points[kind]
        first = row[classes[0]]
        name = f"{_t(rules.native_name(kind), lang)}"
        rows.append(
            [name] + [str(row[c].value) for c in classes] + [_t(first.note, lang), _tag(first.source, page, lang)]
        )
    return _table(header, rows)


def special_sets(rules: RuleSet, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    specials = rules.effective_special_points()
    rows = []
    previous_note = None
    for key, name in SPECIAL_NAMES.items():
        if key in specials:
            value = specials[key]
            note = _t(value.note, lang)
            rows.append(
                [
                    name.zh if zh else f"{name.zh} ({name.en})",
                    str(value.value),
                    note if note != previous_note else ("同上" if zh else "as above"),
                    _tag(value.source, page, lang),
                ]
            )
            previous_note = note
    other = rules.other_sets
    rows.append(
        [
            "其他顺连、大小混、对" if zh else "every other run, mixed set, pair",
            str(other.value),
            _t(other.note, lang),
            _tag(other.source, page, lang),
        ]
    )
    header = ["组" if zh else "Set", _point_header(rules, lang), "说明" if zh else "Note", "出处" if zh else "Source"]
    return _table(header, rows)


def names(rules: RuleSet, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    rows = []
    for kind in SetKind:
        name = rules.set_names[kind]
        native = name.value.zh if zh else f"{name.value.zh} — {name.value.en}"
        note = "" if name.source != "engine" else _t(name.note, lang)
        rows.append([_t(GENERIC_NAMES[kind], lang), str(kind.size), native, note, _tag(name.source, page, lang)])
    header = [
        "组的种类" if zh else "Kind of set",
        "张数" if zh else "Cards",
        "本地叫法" if zh else "Local name",
        "说明" if zh else "Note",
        "出处" if zh else "Source",
    ]
    if not any(row[3] for row in rows):  # every name from a source: no note to give, no empty column
        header.pop(3)
        rows = [row[:3] + row[4:] for row in rows]
    return _table(header, rows)


def _value_text(value: object, unit: str, lang: str) -> str:
    return value_text(value, unit).get(lang)  # type: ignore[arg-type]


def patterns(rules: RuleSet, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    rows = []
    defs = list(rules.patterns) + ([rules.plain_win_pattern] if rules.plain_win_pattern else [])
    for p in defs:
        readable = ("能" if zh else "yes") if p.readable else ("不能" if zh else "no")
        value = _value_text(p.value.value, p.unit, lang)
        if p.code == "plain":  # its note already states both values (2, or 4 at 27)
            value = _t(p.value.note, lang)
        elif p.value.source == "engine" or not isinstance(p.value.value, int | str):
            value = f"{value}（{_t(p.value.note, lang)}）" if zh else f"{value} ({_t(p.value.note, lang)})"
        rows.append([_t(p.name, lang), _t(p.condition, lang), value, readable, _tag(p.value.source, page, lang)])
    classes = rules.variant.win_class is not None  # a tradition of win classes (Wuchuan), not 名堂 that add up
    header = [
        ("胡的大小" if zh else "Win class") if classes else ("名堂" if zh else "Pattern"),
        "条件" if zh else "Condition",
        ("等级" if zh else "Class") if classes else ("值" if zh else "Value"),
        "引擎能从牌面判定" if zh else "Read from the hand",
        "出处" if zh else "Source",
    ]
    return _table(header, rows)


def grades(rules: RuleSet, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    if rules.variant.grade(10, rules) is None:  # the tradition reads no grade from the points
        return (
            "\n" + ("这个规则集没有按胡数分等。" if zh else "This rule set has no grades read from the points.") + "\n"
        )
    rows = []
    previous = None
    start = 10
    # Bands are listed while they start at 55 or below, each with both ends; the rule goes on above.
    for points in range(10, 200):
        grade = rules.variant.grade(points, rules)
        assert grade is not None
        key = (grade.code, grade.value)
        if previous is not None and key != previous[0]:
            rows.append(previous[1] + [f"{start}–{points - 1}" if points - 1 > start else str(start)])
            start = points
            if start > 55:
                break
        previous = (key, [_t(grade.name, lang), str(grade.value), _t(grade.note, lang), _tag(grade.source, page, lang)])
    rows = [[r[4], r[0], r[1], r[2], r[3]] for r in rows]
    header = [
        _point_header(rules, lang),
        "名称" if zh else "Name",
        "计为" if zh else "Counts as",
        "说明" if zh else "Note",
        "出处" if zh else "Source",
    ]
    more = "再往上依同一规则类推。" if zh else "Higher totals follow the same rule."
    return _table(header, rows) + "\n" + more + "\n"


def _default_words(option: OptionDef, value: object, lang: str) -> str:
    """The default in plain words: its choice's text, or the number where a choice stands for any ``N``."""
    key = choice_key(value)
    if key in option.choices:
        return _t(option.choices[key], lang)
    if ANY_NUMBER in option.choices:
        return _t(option.choices[ANY_NUMBER], lang).replace(ANY_NUMBER, key)
    return key


def options(rules: RuleSet, lang: str, page: Any = None, *, codes: bool = False) -> str:
    """Every option the tradition declares (``rules.declared``: the hand's, then the play's), each with its question,
    choices, the engine's default and why. Visitor pages show them in words; the reference page (``codes``) also
    names each option and choice as a record or a request writes it."""
    from changpai.daer.traditions import get_play_rules

    zh = lang == "zh"
    play = get_play_rules(rules.name)
    entries = [(option, value_of(rules, play, option)) for option in rules.declared]
    rows = []
    for option, value in entries:
        if codes:
            parts = [f"`{k}` {_t(v, lang)}" if zh else f"`{k}` — {_t(v, lang)}" for k, v in option.choices.items()]
        else:
            parts = [_t(v, lang) for v in option.choices.values()]
        choices = ("；" if zh else "; ").join(parts)
        tags = " ".join(_tag(s, page, lang) for s in option.sources)
        default = _default_words(option, value, lang)
        row = [_t(option.question, lang), choices, default, _t(option.why, lang), tags]
        if codes:
            row = [f"`{option.name}`", *row[:2], f"`{choice_key(value)}`", *row[3:]]
        rows.append(row)
    if not rows:
        return "\n" + ("这个规则集没有选项。" if zh else "This rule set has no options.") + "\n"
    header = [
        "问题" if zh else "Question",
        "可选" if zh else "Choices",
        "默认" if zh else "Default",
        "为什么" if zh else "Why",
        "出处" if zh else "Sources",
    ]
    if codes:
        header = ["选项" if zh else "Option", *header]
    return _table(header, rows)


def compare(kind: SetKind, lang: str, page: Any = None) -> str:
    zh = lang == "zh"
    classes = list(CARD_CLASSES)
    rows = []
    shown = set()
    for rules in RULESETS.values():
        row = rules.set_points[kind]
        if id(row) in shown:  # a rule set sharing another's table (Leshan's short deals) is not repeated
            continue
        shown.add(id(row))
        cells = [str(row[c].value) if c in row else "—" for c in classes]
        first = next(iter(row.values()))
        rows.append([_t(rules.title, lang), _t(rules.native_name(kind), lang), *cells, _tag(first.source, page, lang)])
    header = ["规则集" if zh else "Rule set", "叫法" if zh else "Name"] + [_t(CARD_CLASSES[c], lang) for c in classes]
    header.append("出处" if zh else "Source")
    note = (
        "乐山以大写为红、小写为黑，所以只有“红·大写”和“黑·小写”两栏。"
        if zh
        else "Leshan's red cards are the big ones and its black cards the small ones, so it fills only two columns."
    )
    return _table(header, rows) + "\n" + note + "\n"


def scores(rules: RuleSet, lang: str, page: Any = None) -> str:
    """What each loser pays, as the tradition's own table (``Variant.payment_table``, computed by its settlement),
    or its settlement's note in words."""
    from changpai.daer.traditions import get_play_rules

    play = get_play_rules(rules.name)
    hook = rules.variant.payment_table
    table = hook(rules, play) if hook else None
    if table is None:
        return "\n" + _t(play.settlement.note, lang) + "\n"
    header = [_t(text, lang) for text in table.header] + ["出处" if lang == "zh" else "Source"]
    rows = [
        [_t(cell, lang) for cell in row] + [_tag(source, page, lang)]
        for row, source in zip(table.rows, table.sources, strict=True)
    ]
    note = "\n" + _t(table.note, lang) + "\n" if table.note else ""
    return _table(header, rows) + note


def match(rules: RuleSet, lang: str, page: Any = None, options: dict[str, str] | None = None) -> str:
    """Who shuffles and deals each deal of a sitting, as the tradition's match rules tell it (with ``options``:
    another way of sitting, such as Leshan's ``leshan_match=dajuan``)."""
    from changpai.daer.match import match_rules

    told = match_rules(rules.name, 1, options).explain()
    rows = [[_t(rule.question, lang), _t(rule.answer, lang), _tag(rule.source, page, lang)] for rule in told]
    zh = lang == "zh"
    return _table(["问题" if zh else "Question", "规矩" if zh else "Rule", "出处" if zh else "Source"], rows)


TABLES = {
    "match": match,
    "scores": scores,
    "basics": basics,
    "set-points": set_points,
    "special-sets": special_sets,
    "names": names,
    "patterns": patterns,
    "grades": grades,
}


# ----------------------------------------------------------------------------- shortcodes


@shortcode("ruleset-table")
def ruleset_table(args: list[str], lang: str, page: Any) -> str:
    """``{{cp ruleset-table NAME TABLE [option=value …]}}``: a variant's table, e.g. ``b_mode=advanced``."""
    if len(args) < 2 or args[1] not in TABLES or not all("=" in a for a in args[2:]):
        raise ValueError(
            f"use {{{{cp ruleset-table NAME TABLE [option=value …]}}}} with TABLE one of: {', '.join(TABLES)}"
        )
    rules = _rules(args)
    chosen = dict(a.split("=", 1) for a in args[2:])
    if args[1] == "match":  # the options of play that choose a way of sitting
        return match(rules, _lang(lang), page, chosen or None)
    if chosen:
        rules = get_rules(args[0], **chosen)
    return TABLES[args[1]](rules, _lang(lang), page)


@shortcode("ruleset-options")
def ruleset_options(args: list[str], lang: str, page: Any) -> str:
    """``{{cp ruleset-options NAME}}`` in words; ``{{cp ruleset-options NAME codes}}`` with the option names."""
    if len(args) not in (1, 2) or args[1:] not in ([], ["codes"]):
        raise ValueError("use {{cp ruleset-options NAME}} or {{cp ruleset-options NAME codes}}")
    return options(_rules(args), _lang(lang), page, codes=args[1:] == ["codes"])


def deal_notes(rules: RuleSet, lang: str, page: Any = None) -> str:
    """The deal of a rule set in a visitor's words: players, cards, the minimum, the notes; each with its source."""
    from changpai.daer.traditions import get_play_rules

    zh = lang == "zh"
    play = get_play_rules(rules.name)
    counts = play.players.value
    players = f"{min(counts)}–{max(counts)}" if list(counts) == list(range(min(counts), max(counts) + 1)) else ""
    players = players or "、".join(map(str, counts))
    cards = f"{play.player_cards.value}"
    if play.dealer_cards.value != play.player_cards.value:
        cards += f"（头家 {play.dealer_cards.value}）" if zh else f" (the first player {play.dealer_cards.value})"
    rows = [
        ["几个人打" if zh else "Players", players, _tag(play.players.source, page, lang)],
        ["每人几张" if zh else "Cards each", cards, _tag(play.dealer_cards.source, page, lang)],
        ["最少几和" if zh else "Minimum", str(rules.min_points.value), _tag(rules.min_points.source, page, lang)],
    ]
    for note in rules.notes:
        rows.append(["说明" if zh else "Note", _t(note.note, lang), _tag(note.source, page, lang)])
    return _table(["项目" if zh else "Item", "内容" if zh else "Value", "出处" if zh else "Source"], rows)


@shortcode("ruleset-notes")
def ruleset_notes(args: list[str], lang: str, page: Any) -> str:
    if len(args) != 1:
        raise ValueError("use {{cp ruleset-notes NAME}}")
    return deal_notes(_rules(args), _lang(lang), page)


@shortcode("ruleset-compare")
def ruleset_compare(args: list[str], lang: str, page: Any) -> str:
    kinds = {k.value: k for k in IDENTICAL_KINDS}
    if len(args) != 1 or args[0] not in kinds:
        raise ValueError(f"use {{{{cp ruleset-compare KIND}}}} with KIND one of: {', '.join(kinds)}")
    return compare(kinds[args[0]], _lang(lang), page)
