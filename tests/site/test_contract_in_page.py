"""The engine ↔ widget contract in the browser: every answer the worker gives in the page — to the widgets' own
requests and to the requests the kiosk game and the deal viewer send — fits schemas/api.schema.json, and every
request a widget sends fits it too. The answers are captured in the page and checked in Python (jsonschema)."""

from __future__ import annotations

import pytest
from changpai.api import OTHER_GAMES
from playwright.sync_api import Page

from sitebuild.schemas import schema, validate

# Each test starts the engine in a fresh context of its own: CAPTURE must wrap engine.js before it first runs.
pytestmark = pytest.mark.browser

# Wrap changpaiEngine.call as soon as engine.js defines it, so every request a widget makes and its answer are kept.
CAPTURE = """
(() => {
  window.__cpCalls = [];
  let engine;
  Object.defineProperty(window, "changpaiEngine", {
    configurable: true,
    get() { return engine; },
    set(value) {
      const call = value.call.bind(value);
      value.call = (request, options) => call(request, options).then((answer) => {
        window.__cpCalls.push({ request: JSON.parse(JSON.stringify(request)), answer });
        return answer;
      });
      engine = value;
    },
  });
})();
"""

PLAY = """
async () => {
  const e = window.changpaiEngine;
  await e.start();
  const out = [];
  const ask = async (request) => {
    const answer = await e.call(request);
    out.push({ request, answer });
    return answer;
  };
  await ask({ command: "version" });
  await ask({ command: "rules" });
  await ask({ command: "play_rules", name: "leshan" });
  await ask({ command: "waits", rules: "leshan", hand: "二七十 贰柒拾 壹贰叁 肆伍陆 七八九 五五五 伍伍" });
  let deal = await ask({ command: "new_deal", rules: "leshan", players: 3, dealer: 0, seed: 7 });
  for (let i = 0; i < 12 && !deal.over; i++) {
    await ask({ command: "legal_actions", state: deal.state, seat: deal.legal[0].seat });
    const move = await ask({ command: "bot_move", state: deal.state });
    deal = await ask({ command: "apply", state: deal.state, action: move.action });
  }
  await ask({ command: "waits", rules: "leshan" });
  return out;
}
"""

ANSWERS = {
    "version": "version",
    "play_rules": "play_rules",
    "waits": "waits",
    "score": "score",
    "new_deal": "deal",
    "apply": "deal",
    "legal_actions": "legal_actions",
    "bot_move": "bot_move",
}


_ANSWER_DEFINITIONS = frozenset(schema("api")["$defs"]["answers"])


def _games_own(definition: str, rules: object) -> str:
    """A game with a package of its own (红点点, 戳牌) answers in its own shape, ``answers/GAME_definition``."""
    for game in OTHER_GAMES:
        if game.owns_rules(rules) and f"{game.name}_{definition}" in _ANSWER_DEFINITIONS:
            return f"{game.name}_{definition}"
    return definition


def _check(calls: list[dict]) -> int:
    for number, call in enumerate(calls, start=1):
        request, answer = call["request"], call["answer"]
        where = f"call {number} ({request.get('command')})"
        if "error" in answer:  # a request the engine refused (on purpose here): the error has the contract's shape
            validate(answer, "api", f"{where} answer", definition="error_answer")
            continue
        validate(request, "api", f"{where} request", definition="request")
        command = request["command"]
        if command == "rules":
            definition = "rules" if request.get("name") else "rules_list"
        else:
            definition = ANSWERS[command]
        definition = _games_own(definition, request.get("name") if command == "rules" else request.get("rules"))
        validate(answer, "api", f"{where} answer", definition=f"answers/{definition}")
    return len(calls)


def test_the_workers_answers_in_the_page_fit_the_contract(page: Page):
    page.add_init_script(CAPTURE)
    page.goto("learn/calculator.html")
    calls = page.evaluate(PLAY, None)
    assert _check(calls) >= 30
    assert any("error" in c["answer"] for c in calls)  # the last request lacks "hand": a located error, in shape


def test_what_the_calculator_sends_and_hears_fits_the_contract(page: Page):
    page.add_init_script(CAPTURE)
    page.goto("learn/calculator.html")
    page.evaluate("() => window.changpaiEngine.start()")
    # the calculator asks for 红点点's rule set (its variant switches; the names of every rule set are the page's
    # own data), then scores the sample hand: both answers are checked
    page.wait_for_function(
        "() => window.__cpCalls.some((c) => c.request.command === 'rules' && c.request.name)"
        " && window.__cpCalls.some((c) => c.request.command === 'score')",
        timeout=120_000,
    )
    calls = page.evaluate("() => window.__cpCalls")
    assert _check(calls) >= 2
    named = [c for c in calls if c["request"]["command"] == "rules" and c["request"].get("name")]
    assert named[0]["answer"]["game"] == "hongdiandian"


def test_cards_js_takes_colours_and_names_from_the_engine_data(page: Page):
    page.goto("learn/calculator.html")
    got = page.evaluate(
        """() => ({
          leshan: cpCards.schemeFor("leshan"), wuchuan: cpCards.schemeFor("wuchuan"),
          title: cpCards.rulesTitle("leshan", "zh"), tradition: cpCards.rulesTitle("luzhou-b", "en", {tradition: true}),
          pong: cpCards.rulesInfo("leshan").words.pong.zh,
        })"""
    )
    from sitebuild.ext_tutorials import engine_names

    leshan = engine_names()["rules"]["leshan"]
    luzhou_b = engine_names()["rules"]["luzhou-b"]
    assert got == {
        "leshan": "leshan",
        "wuchuan": "luzhou",
        "title": leshan["title"]["zh"],
        "tradition": luzhou_b["tradition"]["en"],
        "pong": "对",
    }
