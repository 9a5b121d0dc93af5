/* Play a deal of Wuchuan 红点点 at the kiosk: the visitor sits at 甲 (the dealer, 16 cards) against three computer
 * players. Every rule, legal move, computer move and settlement comes from the engine (changpai.hongdiandian through
 * docs/assets/engine/engine.js); a 红点点 deal travels as its state only, so every request carries the whole state:
 *
 *   new_deal {rules, seed}        → {state, view, legal, over, settlement}
 *   apply {state, action}         → the same, plus events
 *   bot_move {state}              → {action, detail}   (the computer player of the seat to move)
 *
 * The cards are drawn by window.cpCards (docs/assets/widgets/cards.js) in Wuchuan's colours, as the 红点点 deal viewer
 * of the rules page draws them. The layout reuses the kiosk's play classes (kiosk-play__*, kiosk.css).
 *
 * window.changpaiKioskHdd.mount(container, {lang, rules, onAgain, keep, resume}) returns a function that stops the game
 * (keep, resume: a reader's hand kept in the tab and carried on after a reload, play-session.js's keeper);
 * onAgain(rules?) asks the kiosk for a fresh deal (under another rule set when one is named). */
(function () {
  "use strict";

  const HUMAN = 0;
  const BOT_DELAY_MS = 1200; // computer players pause so a visitor can follow them
  const MAX_STEPS = 400;
  const CALL_TIMEOUT_MS = 60000;
  const SCHEME = "luzhou"; // Wuchuan's colours (two, seven and ten red), the folder the 红点点 viewer uses
  const SICHENG = "wuchuan-hongdiandian-sicheng";
  const HUADA = "wuchuan-hongdiandian-huada";
  const RULE_SETS = [SICHENG, HUADA];

  const WORDS = {
    zh: {
      loading: "正在准备牌桌……",
      title: "务川红点点",
      ruleNames: { [SICHENG]: "老四层", [HUADA]: "花大" },
      ruleChoice: "打法",
      you: "你",
      names: ["你（甲）", "电脑乙", "电脑丙", "电脑丁"],
      dealer: "庄家",
      cards: (n) => n + " 张",
      stock: (n) => "底牌还剩 " + n + " 张",
      hand: "你的手牌",
      yourUnits: "你摆出的牌",
      units: "摆出的牌",
      nothing: "还没有",
      offerTurned: (who) => who + "翻出的底牌",
      offerDiscard: (who) => who + "打出的牌",
      yourTurnDiscard: "轮到你出牌：点一列亮着的牌打出去。",
      dimmed: "暗下去的牌现在不能打。",
      yourTurnTurn: "轮到你抓底牌。",
      yourOffer: "桌上这张牌你可以要：",
      waiting: (who) => who + " 正在想……",
      turn: "抓一张底牌",
      pass: "不要",
      again: "再打一局",
      trail: "刚才",
      settlement: "结算",
      youWon: "你胡了！",
      won: (who) => who + "胡了。",
      score: (points, cls, layers) => "红点 " + points + " 点 · " + cls + " · " + layers + " 层",
      hua: "花胡",
      paidBy: (list) => list + "付给胡家。",
      bao: (who, rule, list) => who + "包牌（" + rule + "），赔" + list + "。",
      youBao: (rule, list) => "你包牌了（" + rule + "），要赔" + list + "。",
      none: "底牌翻完，没有人胡。这一局不算输赢。",
      split: "胡的这手牌",
      sep: "、",
      engineFailed: "规则引擎出了问题，这一局没法继续。",
      restarting: "稍等一下，牌桌正在重新摆好……",
      where: "位置",
      unitNames: { pair: "一对", kan: "坎", kan2: "两坎并排", four: "四张" },
    },
    en: {
      loading: "Setting up the table…",
      title: "Wuchuan 红点点",
      ruleNames: { [SICHENG]: "老四层 (four layers)", [HUADA]: "花大 (great flower)" },
      ruleChoice: "Rules",
      you: "You",
      names: ["You (A)", "Computer B", "Computer C", "Computer D"],
      dealer: "dealer",
      cards: (n) => n + " cards",
      stock: (n) => n + " cards left in the stock",
      hand: "Your hand",
      yourUnits: "Your cards laid out",
      units: "Laid out",
      nothing: "none yet",
      offerTurned: (who) => "Turned up from the stock by " + who,
      offerDiscard: (who) => "Discarded by " + who,
      yourTurnDiscard: "Your turn: tap a lit column to discard that card.",
      dimmed: "Dimmed cards may not be discarded now.",
      yourTurnTurn: "Your turn to turn up a stock card.",
      yourOffer: "You may take the card on the table:",
      waiting: (who) => who + " is thinking…",
      turn: "Turn up a stock card",
      pass: "Let it go",
      again: "Play another deal",
      trail: "Just now",
      settlement: "Settlement",
      youWon: "You won!",
      won: (who) => who + " won.",
      score: (points, cls, layers) => points + " red points (点) · " + cls + " · " + layers + " 层",
      hua: "flowered (花)",
      paidBy: (list) => "Paid by " + list + ".",
      bao: (who, rule, list) => who + " commits 包牌 (" + rule + ") and pays " + list + ".",
      youBao: (rule, list) => "You commit 包牌 (" + rule + ") and pay " + list + ".",
      none: "The stock ran out and nobody won: no payments this deal.",
      split: "The winning hand",
      sep: ", ",
      engineFailed: "The rules engine ran into a problem; this deal cannot go on.",
      restarting: "One moment: the table is being set up again…",
      where: "at",
      unitNames: { pair: "a pair", kan: "坎 (three alike)", kan2: "two 坎 side by side", four: "four alike" },
    },
  };

  /** One line explaining an action in the visitor's language; `offer` is the card on the table, `turned` the card a
   * turn brought up. The verbs are the engine's (打, 吃, 兑, 胡, 不要). */
  function explain(action, who, lang, offer, turned, you) {
    const card = action.card || "";
    if (lang === "en") {
      const v = (base, third) => (you ? base : third || base + "s");
      switch (action.type) {
        case "discard":
          return who + " " + v("discard") + " " + card + ".";
        case "turn":
          return who + " " + v("turn") + " up " + (turned || "a card") + " from the stock.";
        case "eat":
          return who + " " + v("eat") + " " + offer + " (吃) with " + card + ": the two pair up and are laid on the table.";
        case "dui":
          return card
            ? who + " " + v("take") + " " + offer + " (兑): it joins a pair of " + offer + ", and a 坎 of " + card + " is laid beside it."
            : who + " " + v("take") + " " + offer + " (兑): three were held, this is the fourth.";
        case "hu":
          return who + " " + v("win") + " (胡)" + (offer ? " on " + offer : "") + ": every card pairs up.";
        case "pass":
          return who + " " + v("let") + " it go.";
        default:
          return (action.label && action.label.en) || action.text || "";
      }
    }
    switch (action.type) {
      case "discard":
        return who + "打出" + card + "。";
      case "turn":
        return who + "抓底牌，翻出" + (turned || "一张") + "。";
      case "eat":
        return who + "吃" + offer + "：和手里的" + card + "相靠成一对，摆到桌上。";
      case "dui":
        return card
          ? who + "兑" + offer + "：凑上手里的一对" + offer + "，再把三张" + card + "（坎）摆在旁边。"
          : who + "兑" + offer + "：手里本来有三张" + offer + "，这是第四张。";
      case "hu":
        return who + "胡" + offer + "：所有的牌都两张一家靠得拢。";
      case "pass":
        return who + "不要这张。";
      default:
        return (action.label && action.label.zh) || action.text || "";
    }
  }

  function mount(container, options) {
    const lang = options.lang === "en" ? "en" : "zh";
    const rules = RULE_SETS.includes(options.rules) ? options.rules : SICHENG;
    const W = WORDS[lang];
    const C = window.cpCards;
    const h = window.cp.h;
    const tuning = window.changpaiKioskHdd.tuning || {};
    const botDelay = tuning.botDelayMs != null ? tuning.botDelayMs : BOT_DELAY_MS;
    const mixed = (text) => (window.changpaiKiosk ? window.changpaiKiosk.mixed(text, lang) : String(text));
    // Engine calls (with a timeout), timers, errors, recovery and stop: the kiosk games' one session (play-session.js).
    const session = window.changpaiKioskSession.open({
      container,
      lang,
      words: W,
      where: "play-hongdiandian.js",
      timeoutMs: CALL_TIMEOUT_MS,
      onAgain: () => options.onAgain && options.onAgain(rules),
    });
    let answer = {};
    const played = []; // the action texts, in order (the page's record of the deal)
    const moves = []; // the same moves as a reader's page keeps them (play-session.js's keeper), to replay them
    const keeper = window.changpaiKioskSession.keeper(options.keep, options.resume, { rules });
    const wait = session.wait;

    // ---- layout --------------------------------------------------------------------------------------------------
    const status = h("div", { class: "kiosk-play__engine" });
    const choice = h(
      "div",
      { class: "kiosk-hdd__rules", role: "group", "aria-label": W.ruleChoice },
      h("span", { class: "kiosk-play__game" }, mixed(W.title)),
      ...RULE_SETS.map((name) => {
        const b = h(
          "button",
          { type: "button", class: "kiosk-btn kiosk-hdd__rule", "aria-pressed": String(name === rules), dataset: { rules: name } },
          mixed(W.ruleNames[name]),
        );
        if (name !== rules) b.addEventListener("click", () => options.onAgain && options.onAgain(name));
        return b;
      }),
    );
    const opponents = h("div", { class: "kiosk-play__opponents kiosk-hdd__opponents" });
    const centre = h("div", { class: "kiosk-play__centre" });
    const log = h("p", { class: "kiosk-play__log", "aria-live": "polite" });
    const trail = h("ol", { class: "kiosk-play__trail", "aria-label": W.trail });
    const history = [];
    const prompt = h("p", { class: "kiosk-play__prompt" });
    const actions = h("div", { class: "kiosk-play__actions", role: "group" });
    const talk = h("div", { class: "kiosk-play__talk" }, log, trail, prompt, actions);
    const myUnits = h("div", { class: "kiosk-play__my-sets" });
    const hand = h("div", { class: "kiosk-play__hand", role: "group", "aria-label": W.hand });
    const board = h(
      "div",
      { class: "kiosk-play__board kiosk-hdd", dataset: { rules } },
      opponents,
      centre,
      talk,
      h("div", { class: "kiosk-play__mine" }, myUnits, hand),
    );
    container.append(status, board);
    session.watchStatus(status);
    prompt.textContent = W.loading;

    const seatName = (seat) => W.names[seat] || "#" + seat;
    const cardsEl = (text, size) => (text ? C.row(text, { scheme: SCHEME, lang, size }) : h("span", { class: "kiosk-play__none" }, W.nothing));
    const list = (seats) => seats.map(seatName).join(W.sep);

    function unitsEl(units) {
      if (!units || !units.length) return h("span", { class: "kiosk-play__none" }, W.nothing);
      return h(
        "span",
        { class: "kiosk-play__melds" },
        units.map((u) => h("span", { class: "kiosk-play__meld kiosk-hdd__unit", title: W.unitNames[u.set] || u.set, dataset: { set: u.set } }, cardsEl(u.cards, "s"))),
      );
    }

    // ---- engine ----------------------------------------------------------------------------------------------------
    const call = session.call;

    // ---- rendering -------------------------------------------------------------------------------------------------
    function render(legal) {
      const v = answer.view || {};
      const hands = v.hands || [];
      const melds = v.melds || [];
      const acting = (v.to_move || [])[0];
      opponents.replaceChildren(
        ...[1, 2, 3].map((seat) =>
          h(
            "section",
            { class: "kiosk-play__seat" + (acting === seat ? " is-acting" : ""), "aria-label": seatName(seat), dataset: { seat: String(seat) } },
            h("p", { class: "kiosk-play__seat-name" }, seatName(seat), " · ", W.cards(C.parse(hands[seat] || "").length)),
            h("div", { class: "kiosk-play__row" }, h("span", { class: "kiosk-play__row-label" }, W.units), unitsEl(melds[seat])),
          ),
        ),
      );
      const offer = v.offer;
      centre.replaceChildren(
        choice,
        h("p", { class: "kiosk-play__stock" }, W.stock(v.stock_left == null ? "?" : v.stock_left)),
        offer ? h("p", { class: "kiosk-hdd__offer-from" }, (offer.turned ? W.offerTurned : W.offerDiscard)(seatName(offer.from))) : "", // (DOM's replaceChildren writes a null out as "null")
        h("div", { class: "kiosk-play__face-up kiosk-hdd__offer", role: "group", "aria-label": offer ? offer.card : W.nothing }, offer ? cardsEl(offer.card, "l") : ""),
      );
      myUnits.replaceChildren(
        h("span", { class: "kiosk-play__row-label" }, seatName(HUMAN) + " · " + W.dealer + " · " + W.yourUnits),
        unitsEl(melds[HUMAN]),
      );
      renderHand(hands[HUMAN] || "", legal || []);
    }

    /** The hand as columns of identical cards; a column is a button when discarding that card is legal. */
    function renderHand(text, legal) {
      hand.replaceChildren();
      const groups = new Map();
      for (const c of C.parse(text)) {
        if (!groups.has(c.ascii)) groups.set(c.ascii, []);
        groups.get(c.ascii).push(c);
      }
      const discards = new Map(legal.filter((a) => a.type === "discard").map((a) => [a.card, a]));
      const ordered = [...groups.values()].sort((a, b) => a[0].big - b[0].big || a[0].number - b[0].number);
      for (const group of ordered) {
        const c = group[0];
        const action = discards.get(c.zh);
        const label = C.name(c, SCHEME, lang) + (group.length > 1 ? " ×" + group.length : "");
        const stack = h("span", { class: "kiosk-play__stack" }, group.map((card) => C.element(card, { scheme: SCHEME, lang, size: "m" })));
        if (action) {
          const b = h("button", { type: "button", class: "kiosk-play__column is-legal", "aria-label": label, dataset: { card: c.ascii } }, stack);
          b.addEventListener("click", () => choose(action));
          hand.append(b);
        } else {
          hand.append(h("span", { class: "kiosk-play__column", role: "img", "aria-label": label, dataset: { card: c.ascii } }, stack));
        }
      }
    }

    // ---- the game loop -----------------------------------------------------------------------------------------------

    function choose(action) {
      if (!session.answer(action)) return; // no choice pending (or a second tap)
      actions.replaceChildren();
      prompt.textContent = "";
      renderHand(((answer.view || {}).hands || [])[HUMAN] || "", []);
    }

    function humanChoice(legal) {
      render(legal);
      actions.replaceChildren();
      const offer = ((answer.view || {}).offer || {}).card || "";
      const others = legal.filter((a) => a.type !== "discard");
      if (legal.some((a) => a.type === "discard")) {
        prompt.textContent = W.yourTurnDiscard;
        if (hand.querySelector(".kiosk-play__column:not(.is-legal)")) prompt.append(" " + W.dimmed);
      } else if (others.some((a) => a.type === "turn")) prompt.textContent = W.yourTurnTurn;
      else prompt.textContent = W.yourOffer;
      for (const a of others) {
        const text = a.type === "turn" ? W.turn : a.type === "pass" ? W.pass : explain(a, W.you, lang, offer, "", true);
        const b = h("button", { type: "button", class: "kiosk-btn kiosk-play__choice kiosk-play__choice--" + (a.type === "hu" ? "win" : a.type), dataset: { action: a.text } }, mixed(text));
        b.addEventListener("click", () => choose(a));
        actions.append(b);
      }
      const first = actions.querySelector("button") || hand.querySelector("button");
      if (first) first.focus({ preventScroll: true });
      session.showQuestion(talk, prompt, hand);
      return session.ask();
    }

    async function apply(action) {
      const offer = ((answer.view || {}).offer || {}).card || "";
      const response = await call({ command: "apply", state: answer.state, action: action.text });
      answer = response;
      played.push(action.text);
      moves.push({ seat: action.seat, type: action.type, card: action.card, text: action.text, label: action.label });
      board.dataset.steps = String(played.length);
      const turned = action.type === "turn" ? ((response.view || {}).offer || {}).card || "" : "";
      const line = explain(action, action.seat === HUMAN ? W.you : seatName(action.seat), lang, offer, turned, action.seat === HUMAN);
      if (log.textContent) history.push(log.textContent);
      log.replaceChildren(mixed(line));
      log.dataset.action = action.type;
      trail.replaceChildren(...history.slice(-3).reverse().map((m) => h("li", {}, mixed(m))));
    }

    async function play() {
      const resume = keeper.resume;
      let seed = keeper.seed(tuning.seed);
      answer = await call({ command: "new_deal", rules, seed, dealer: HUMAN });
      if (resume && !(await keeper.replay(apply))) {
        seed = keeper.seed(); // (the saved hand is gone: a fresh one)
        played.length = moves.length = history.length = 0;
        log.replaceChildren();
        trail.replaceChildren();
        answer = await call({ command: "new_deal", rules, seed, dealer: HUMAN });
      }
      board.dataset.seed = String(seed);
      if (resume) board.dataset.resumed = String(played.length);
      keeper.update(seed, moves, answer.over); // (kept from the deal on: a reload before the first move comes back to it)
      render([]);
      for (let steps = 0; session.alive && steps < MAX_STEPS && !answer.over; steps += 1) {
        const seat = ((answer.view || {}).to_move || [])[0];
        if (seat === HUMAN) {
          await apply(await humanChoice((answer.legal || []).filter((a) => a.seat === HUMAN)));
        } else {
          prompt.textContent = W.waiting(seatName(seat));
          render([]);
          await wait(botDelay);
          const move = await call({ command: "bot_move", state: answer.state });
          if (!move.detail) throw session.problem({ code: "no-move", zh: "电脑玩家没有可走的牌", en: "the computer player has no move" }, "bot_move");
          await apply(move.detail);
        }
        keeper.update(seed, moves, answer.over);
      }
      settle(answer.settlement || { type: "none" });
    }

    function settle(s) {
      render([]);
      prompt.textContent = "";
      actions.replaceChildren();
      const box = h("section", { class: "kiosk-play__settlement kiosk-hdd__settlement", role: "dialog", "aria-label": W.settlement, dataset: { type: s.type } });
      box.append(h("h2", {}, W.settlement));
      if (s.type === "win") {
        const score = s.score || {};
        const cls = (score["class"] && score["class"].name) || {};
        box.dataset.seat = String(s.seat);
        box.dataset.points = String(score.points);
        box.dataset.layers = String(s.layers);
        box.dataset.class = cls.zh || "";
        box.append(
          h("p", { class: "kiosk-play__headline" }, s.seat === HUMAN ? W.youWon : W.won(seatName(s.seat))),
          h("p", { class: "kiosk-hdd__score" }, mixed(W.score(score.points, cls[lang] || cls.zh || "", s.layers) + (score.hua ? " · " + W.hua : ""))),
          h(
            "div",
            { class: "kiosk-play__winning", role: "group", "aria-label": W.split },
            unitsEl([...(score.table || []), ...(score.split || [])]),
          ),
          h("p", { class: "kiosk-hdd__payers" }, W.paidBy(list(s.paid_by || []))),
        );
      } else if (s.type === "bao") {
        const rule = (s.rule && s.rule.name) || {};
        box.dataset.seat = String(s.seat);
        box.dataset.rule = s.rule ? s.rule.code || "" : "";
        const words = rule[lang] || rule.zh || "";
        box.append(
          h("p", { class: "kiosk-play__headline" }, mixed(s.seat === HUMAN ? W.youBao(words, list(s.pays || [])) : W.bao(seatName(s.seat), words, list(s.pays || [])))),
        );
      } else {
        box.append(h("p", { class: "kiosk-play__headline" }, W.none));
      }
      box.append(session.againButton());
      board.append(box);
      box.querySelector("button").focus({ preventScroll: true });
    }

    window.changpaiKioskHdd.current = { rules, played, answer: () => answer };
    return session.run(play);
  }

  window.changpaiKioskHdd = { mount, explain, tuning: {}, current: null };
})();
