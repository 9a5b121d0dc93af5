/* Play a hand at the kiosk: the visitor (seat 0, the dealer) against two computer players, through the engine api
 * (docs/assets/engine/engine.js → changpai.api in Pyodide). The kiosk keeps only the engine's JSON state; every rule,
 * legal move, computer move and payment comes from the engine:
 *
 *   new_deal {rules, players, dealer, shuffler, seed} → a deal answer {game, state, view, legal, over, settlement}
 *   legal_actions {game, seat}                     → {actions: [{seat, type, card, cards, bi, text, label}]}
 *   bot_move {game, wishes: {seat: action text}}   → {action}   (in a claim window: the claim that wins)
 *   apply {game, action}                           → a deal answer plus events
 * (changpai/api.py). Requests name the worker's live deal by its id; should the worker have dropped it, the
 * request is repeated with the full state.
 *
 * Legal moves are highlighted (the playable cards of the hand, one button per claim), every claim is explained in one
 * line in the visitor's language, the settlement closes the hand. An engine failure shows a located message.
 *
 * window.changpaiKioskPlay.mount(container, {lang, rules, players, onAgain}) returns a function that stops the game
 * (players: 3, or 4 for Leshan's table with a 小家 [003], whom the engine seats and names). A game
 * of several deals (play-yibai.js) adds: deal (more fields of the new_deal request), onAnswer(answer) after every
 * engine answer, stopWhen(answer) to end at once (mid-deal too) and onEnd(answer, board) to show that end, and
 * againLabel for the button under a deal's settlement.
 *
 * options.keep and options.resume (a reader's page, not the kiosk; play-session.js's keeper): the hand so far,
 * {rules, players, id, seed, actions}, is saved after every move and cleared when the hand ends, whose payments are
 * added to the running totals the settlement shows (a hand counted once, by its id). A saved hand of the same rules
 * and table is dealt again from its seed and its moves replayed through the engine (which checks every one), so a
 * reloaded or discarded phone tab carries on where it was. A saved hand the engine refuses is dropped and a fresh one
 * dealt. play-yibai.js passes a keep of its own, which adds the race's score to every save.
 * A reader's hands are a sitting: after each, the engine's next_seating {rules, players, dealer, shuffler, winner} says
 * who deals the next by the tradition's rules (Luzhou: the winner deals; Leshan: the winner shuffles and the cut picks
 * the dealer [003]); the keeper keeps it for the next hand and with the hand in progress. The gallery's visitor, who
 * plays one hand, always deals. */
(function () {
  "use strict";

  const HUMAN = 0;
  const BOT_DELAY_MS = 1100; // computer players pause so a visitor can follow them
  const MAX_STEPS = 600;

  // Each tradition's words (points 和/胡, 对/碰, 开/招 …) and name come from the engine, via the page's data.
  const pointWord = (rules) => (window.cpCards ? window.cpCards.pointWord(rules) : "胡");
  const claimWords = (rules) => {
    const word = (key, fallback) => (window.cpCards ? window.cpCards.nativeWord(rules, key, fallback) : fallback);
    return { pong: word("pong", "碰"), kong: word("kong", "招"), win: word("win", "胡"), bi: word("bi", "比"), discarder: word("discarder", "放炮") };
  };

  const WORDS = {
    zh: {
      loading: "正在准备牌桌……",
      you: "你",
      // The engine names the seats 甲 乙 丙 (A B C); the visitor sits at 甲.
      bots: ["", "电脑乙", "电脑丙", "电脑丁"],
      youSeat: "你（甲）",
      dealer: "庄家",
      stock: (n) => "底牌还剩 " + n + " 张",
      cards: (n) => n + " 张",
      hand: "你的手牌",
      yourSets: "你摆在桌上的牌",
      sets: "桌上的牌",
      discards: "打过的牌",
      myDiscards: "你打过的牌",
      ready: (word) => "你" + word + "了，等这几张：",
      // waits a rule of play keeps from the visitor (the engine's view.win_bars, by rule), and 现张不和 (view.passed_win)
      barred: {
        "win-own-discard": "自己打过的牌不能胡（和回龙）：",
        "win-declined-claim": "放过了开或对，这些胡不了（有开不开、后对和牌）：",
        barred: "这一手违规了，胡不了：",
      },
      passedWin: "你放过了一次胡：要等再吃进、对进或开进一张牌，或者胡得比那次大，才能胡（现张不和）。",
      nothing: "还没有",
      faceUp: "桌面上的牌",
      yourTurnDiscard: "轮到你出牌：点一列亮着的牌打出去。",
      dimmed: "暗下去的牌现在不能打（比如原手的坎不能拆）。",
      yourTurnTurn: "轮到你翻牌。",
      yourTurnDraw: "轮到你摸牌：摸到的牌只有你自己看得见。",
      yourDrawn: "你摸到了这张牌（别人看不见）：亮出来，还是收进手里？",
      drawnCard: "你摸到的牌（别人看不见）",
      drewHidden: (who) => who + "摸了一张牌，还没亮出来",
      draw: "摸一张牌",
      show: "亮出来给大家看",
      yourClaim: "这张牌你可以要：",
      // (the key to the claims drawn as pictures at the gallery, when they lay out a held copy)
      biKey: (bi) => bi + "：手里还有这张，要另凑一组摆出。",
      waiting: (who) => who + " 正在想……",
      turn: "翻一张牌",
      pass: "不要",
      again: "再打一手",
      settlement: "结算",
      winner: (who, pts) => who + "赢了，" + pts,
      noWinner: (w) => "底牌摸完，没有人" + w + "。这一手不算输赢。",
      youWon: (pts) => "你赢了，" + pts + "！",
      pointsOf: (n, rules) => n + " " + pointWord(rules),
      youLost: "这一手你没有赢。",
      trail: "刚才",
      lostOn: (who, card, w, discarder) => who + "打出的" + card + "被" + w + "了（" + discarder + "）",
      wonOnTurn: (card, w) => w + "的是翻开的" + card,
      pays: (n) => "按 " + n + " 分结算",
      payments: "输赢",
      tally: (n) => "这 " + n + " 手合计",
      // a reader's sitting: who deals follows the tradition (the engine's next_seating)
      deals: (who) => who + "打庄。",
      cut: (shuffler, card, dealer) => shuffler + "洗牌，叨牌翻出" + card + "，数到" + dealer + "做庄。",
      nextDeals: (who, you) => "下一手：" + who + "打庄",
      nextCut: (who, you) => "下一手：" + who + "洗牌，叨牌定谁做庄",
      points: (n) => (n > 0 ? "+" : "") + n,
      engineFailed: "规则引擎出了问题，这一手没法继续。",
      restarting: "稍等一下，牌桌正在重新摆好……",
      where: "位置",
    },
    en: {
      loading: "Setting up the table…",
      you: "You",
      bots: ["", "Computer B", "Computer C", "Computer D"],
      youSeat: "You (A)",
      dealer: "dealer",
      stock: (n) => n + " cards left in the stock",
      cards: (n) => n + " cards",
      hand: "Your hand",
      yourSets: "Your sets on the table",
      sets: "Sets on the table",
      discards: "Discards",
      myDiscards: "Your discards",
      ready: (word) => "You are ready (" + word + "), waiting for:",
      barred: {
        "win-own-discard": "Not on a card you discarded (和回龙):",
        "win-declined-claim": "Not since you let a kong or pong go (有开不开, 后对和牌):",
        barred: "You broke a rule this hand, so no win on:",
      },
      passedWin: "You let a win go: you can win again once you take in a card (eat, pong or kong), or with a bigger win (现张不和).",
      nothing: "none yet",
      faceUp: "Card on the table",
      yourTurnDiscard: "Your turn: tap a lit column to discard that card.",
      dimmed: "Dimmed cards may not be discarded now (a triple held from the deal, for one, stays together).",
      yourTurnTurn: "Your turn to turn up a card.",
      yourTurnDraw: "Your turn to draw: only you see the card you draw.",
      yourDrawn: "You drew this card (nobody else sees it): show it, or take it in?",
      drawnCard: "The card you drew (hidden from the others)",
      drewHidden: (who) => who + " drew a card and has not shown it yet",
      draw: "Draw a card",
      show: "Show it to everyone",
      yourClaim: "You may take this card:",
      biKey: (bi) => bi + ": your other copy of that card goes out too, in a set of its own.",
      waiting: (who) => who + " is thinking…",
      turn: "Turn up a card",
      pass: "Let it go",
      again: "Play another hand",
      settlement: "Settlement",
      winner: (who, pts) => who + " won with " + pts,
      noWinner: () => "The stock ran out and nobody won: no payments this hand.",
      youWon: (pts) => "You won, with " + pts + "!",
      pointsOf: (n) => n + " points",
      youLost: "You did not win this hand.",
      trail: "Just now",
      lostOn: (who, card) => who + "’s discard " + card + " was won on",
      wonOnTurn: (card) => "won on the turned-up " + card,
      pays: (n) => "settled at " + n,
      payments: "Payments",
      tally: (n) => "Total over " + n + " hands",
      deals: (who, you) => (you ? "You deal" : who + " deals") + " this hand.",
      cut: (shuffler, card, dealer, you) => (you ? "You shuffled" : shuffler + " shuffled") + "; the cut turned up " + card + ", which counts round to " + dealer + " to deal.",
      nextDeals: (who, you) => "Next hand: " + (you ? "you deal" : who + " deals"),
      nextCut: (who, you) => "Next hand: " + (you ? "you shuffle" : who + " shuffles") + " and the cut picks the dealer",
      points: (n) => (n > 0 ? "+" : "") + n,
      engineFailed: "The rules engine ran into a problem; this hand cannot go on.",
      restarting: "One moment: the table is being set up again…",
      where: "at",
    },
  };

  /** One line explaining an action, in the visitor's language; `you` when the visitor is the one acting. */
  function explain(action, who, W, lang, rules, you, phase) {
    const card = action.card || "";
    const drawn = phase === "drawn"; // a card drawn face down (Wuchuan 一百): a pong or kong of it is stolen (偷)
    const with2 = action.cards || "";
    const verbs = claimWords(rules);
    const bi = (action.bi || []).filter(Boolean);
    if (lang === "en") {
      const v = (base, third) => (you ? base : third || base + "s");
      const biEn = bi.length
        ? "; " + (you ? "you" : "it") + " still " + v("hold") + " another " + card + ", so " + bi.join(", ") + " must be laid out too (" + verbs.bi + ")"
        : "";
      switch (action.type) {
        case "pong":
          if (drawn) return who + " " + v("keep") + " the drawn " + card + " unseen with a pair of it (偷坎): a held triple.";
          return who + " " + v("take") + " " + card + " (" + verbs.pong + "): a pair in hand plus this card makes three of a kind.";
        case "kong":
          if (drawn) return who + " " + v("keep") + " the drawn " + card + " unseen with the three held (偷活龙).";
          return who + " " + v("take") + " " + card + " (" + verbs.kong + "): three were held in hand, this is the fourth.";
        case "eat":
          return who + " " + v("eat") + " " + card + " with " + with2 + ": together they make a set of three" + biEn + ".";
        case "win":
          return who + " " + v("win") + (card ? " on " + card : "") + ": every card is in a set and the points are enough.";
        case "four":
          return who + " " + v("lay", "lays") + " out four " + card + " held since the deal.";
        case "discard":
          return who + " " + v("discard") + " " + card + ".";
        case "turn":
          return who + " " + v("turn") + " up " + card + " from the stock.";
        case "draw":
          return who + " " + v("draw") + " a card face down.";
        case "show":
          return who + " " + v("show", "shows") + " the drawn card.";
        case "pass":
          return who + " " + v("let") + " it go.";
        default:
          return (action.label && action.label.en) || action.text || "";
      }
    }
    const biZh = bi.length ? "；手里还有" + card + "，所以要把" + bi.join("、") + "也摆出来（" + verbs.bi + "）" : "";
    switch (action.type) {
      case "pong":
        if (drawn) return who + "偷坎：摸到的" + card + "不亮出来，和手里的一对扣成一坎。";
        return who + verbs.pong + card + "：手里有一对" + card + "，加上这张凑成三张。";
      case "kong":
        if (drawn) return who + "偷活龙：摸到的" + card + "不亮出来，和手里的三张扣在一起。";
        return who + verbs.kong + card + "：手里本来就有三张" + card + "，这是第四张。";
      case "eat":
        return who + "吃" + card + "：和手里的" + with2 + "组成一列" + biZh + "。";
      case "win":
        return who + verbs.win + card + "：所有的牌都成了组，" + verbs.win + "数也够了。";
      case "four":
        return who + "亮出原手的四张" + card + "。";
      case "discard":
        return who + "打出" + card + "。";
      case "turn":
        return who + "从底牌翻开" + card + "。";
      case "draw":
        return who + "摸了一张底牌，先不亮出来。";
      case "show":
        return who + "把摸到的牌亮出来。";
      case "pass":
        return who + "不要这张。";
      default:
        return (action.label && action.label.zh) || action.text || "";
    }
  }

  function mount(container, options) {
    const lang = options.lang === "en" ? "en" : "zh";
    const rules = options.rules || "leshan";
    const players = options.players === 4 ? 4 : 3;
    const W = WORDS[lang];
    const h = window.cp && window.cp.h;
    const C = window.cpCards;
    const scheme = C ? C.schemeFor(rules) : "luzhou";
    // Engine calls, timers, errors, recovery and stop: the kiosk games' one session (play-session.js).
    const session = window.changpaiKioskSession.open({
      container,
      lang,
      words: options.againLabel ? { ...W, again: options.againLabel } : W,
      where: "play.js",
      onAgain: () => options.onAgain && options.onAgain(),
      onRecover: () => {
        window.changpaiKioskPlay.recoveries += 1;
      },
    });
    // Tests and the soak benchmark may fix the deal and speed the computer players up.
    const tuning = window.changpaiKioskPlay.tuning || {};
    // (options.title: the game's name over the table, when the tradition's name is not enough)
    const botDelay = tuning.botDelayMs != null ? tuning.botDelayMs : BOT_DELAY_MS;
    let answer = {}; // the engine's latest deal answer
    let view = null;
    let steps = 0;

    const wait = session.wait;

    // ---- layout --------------------------------------------------------------------------------------------------
    const title = el("p", { class: "kiosk-play__game" }, options.title || (window.cpCards ? window.cpCards.rulesTitle(rules, lang, { tradition: true }) : rules));
    const status = el("div", { class: "kiosk-play__engine" });
    const opponents = el("div", { class: "kiosk-play__opponents", dataset: { seats: String(players - 1) } });
    const centre = el("div", { class: "kiosk-play__centre" });
    const log = el("p", { class: "kiosk-play__log", "aria-live": "polite" });
    // The last moves stay on screen: the computer moves every second and a visitor should still follow them.
    const trail = el("ol", { class: "kiosk-play__trail", "aria-label": W.trail });
    const history = []; // [{line, action}] newest last
    const prompt = el("p", { class: "kiosk-play__prompt" });
    const actions = el("div", { class: "kiosk-play__actions", role: "group" });
    // what 比 (摆, 妥) in the claims' pictures means, shown with them only (kiosk.css); each claim's sentence says it too
    const choiceKey = el("p", { class: "kiosk-play__choice-key", "aria-hidden": "true" });
    const talk = el("div", { class: "kiosk-play__talk" }, log, trail, prompt, actions, choiceKey);
    const mySets = el("div", { class: "kiosk-play__my-sets" });
    // The cards the visitor's hand waits for, once it is one card from the win (the engine's "waits"), after the sets.
    const ready = el("span", { class: "kiosk-play__ready" });
    let readyFor = null; // the hand and sets the line was asked for
    const hand = el("div", { class: "kiosk-play__hand", role: "group", "aria-label": W.hand });
    const board = el(
      "div",
      { class: "kiosk-play__board" },
      opponents,
      centre,
      talk,
      el("div", { class: "kiosk-play__mine" }, mySets, hand),
    );
    container.append(status, board);
    session.watchStatus(status);
    prompt.textContent = W.loading;

    function el(tag, attrs, ...children) {
      if (h) return h(tag, attrs, ...children);
      const node = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs || {})) if (v != null) node.setAttribute(k, v);
      node.append(...children);
      return node;
    }

    const mixed = (text) => window.changpaiKiosk.mixed(text, lang);

    function cardsEl(text, size) {
      if (!text) return el("span", { class: "kiosk-play__none" }, W.nothing);
      if (!C) return el("span", { class: "kiosk-card-text" }, text);
      return C.row(text, { scheme, lang, size });
    }

    function seatName(seat) {
      return seat === HUMAN ? W.you : W.bots[seat] || "#" + seat;
    }

    /** The computer players' seats, in order (the engine's hands: two or three of them). */
    function opponentSeats(hands) {
      return [...Array(Math.max(hands.length, players)).keys()].filter((seat) => seat !== HUMAN);
    }

    /** A seat's role when it is not an ordinary player's: Leshan's 小家, in the engine's words. */
    function roleOf(seat) {
      const v = view || {};
      if (!v.roles || v.roles[seat] !== "xiaojia" || !v.role_names) return null;
      return v.role_names[seat][lang] || v.role_names[seat].zh;
    }

    // ---- engine ----------------------------------------------------------------------------------------------------
    const send = session.send;

    /** A request about the current deal: by its id, or with its whole state if the worker no longer has it. */
    async function call(request) {
      let response;
      if (request.command === "new_deal") response = await send(request);
      else {
        response = await send({ ...request, game: answer.game });
        if (response && response.error && response.error.code === "unknown-game") {
          response = await send({ ...request, state: answer.state, ...(answer.sitting ? { sitting: answer.sitting } : {}) });
        }
      }
      if (!response || response.error) throw session.problem(response ? response.error : null, request.command);
      return response;
    }

    function adopt(response) {
      answer = response;
      view = response.view || view;
      if (response.game) board.dataset.game = response.game;
      if (view && Number.isInteger(view.dealer)) board.dataset.dealer = String(view.dealer);
      if (options.onAnswer) options.onAnswer(response); // a sitting's running score (play-yibai.js)
    }

    /** Engine texts name seats by number ("座位 1", "seat 1"); the kiosk calls them "电脑甲", "Computer A"… */
    function seatNames(text) {
      return String(text || "")
        .replace(/座位\s*(\d+)/g, (_, n) => seatName(Number(n)))
        .replace(/\bseat (\d+)/g, (_, n) => seatName(Number(n)))
        // the engine now names seats as the deal viewer does: 甲乙丙丁 / A B C D (seat 0 = 甲 / A)
        .replace(/[甲乙丙丁]/g, (c) => seatName("甲乙丙丁".indexOf(c)))
        .replace(/\b([ABCD])\b(?=[:’', ]|$)/g, (_, c) => seatName("ABCD".indexOf(c)))
        .replace(/\b([Yy])ou's\b/g, (_, y) => (y === "Y" ? "Your" : "your")) // (the engine's third person, said of the reader)
        .replace(/\b([Yy]ou) (pays|wins|draws|takes|loses|discards|deals|has|is)\b/g, (_, you, verb) => you + " " + ({ has: "have", is: "are" }[verb] || verb.slice(0, -1)));
    }

    // ---- rendering -------------------------------------------------------------------------------------------------
    function render(legal) {
      const v = view || {};
      const hands = v.hands || [];
      const melds = v.melds || [];
      const discards = v.discards || [];
      opponents.replaceChildren(
        ...opponentSeats(hands).map((seat) => {
          const count = (C ? C.parse(hands[seat] || "").length : (hands[seat] || "").length) || 0;
          const acting = v.to_act === seat || (v.claimants || []).includes(seat);
          return el(
            "section",
            { class: "kiosk-play__seat" + (acting ? " is-acting" : ""), "aria-label": seatName(seat) },
            el("p", { class: "kiosk-play__seat-name" }, seatName(seat), v.dealer === seat ? " · " + W.dealer : "", roleOf(seat) ? mixed(" · " + roleOf(seat)) : "", " · ", W.cards(count)),
            el("div", { class: "kiosk-play__row" }, el("span", { class: "kiosk-play__row-label" }, W.sets), meldsEl(melds[seat])),
            el("div", { class: "kiosk-play__row" }, el("span", { class: "kiosk-play__row-label" }, W.discards), cardsEl(discards[seat], "s")),
          );
        }),
      );
      centre.replaceChildren(
        title,
        whoDeals(),
        el("p", { class: "kiosk-play__stock" }, W.stock(v.stock_left == null ? "?" : v.stock_left)),
        el("div", { class: "kiosk-play__face-up", role: "group", "aria-label": W.faceUp }, v.face_up ? cardsEl(v.face_up, "l") : ""),
        privateDraw(v.private) || "",
        el("div", { class: "kiosk-play__my-discards" }, el("span", { class: "kiosk-play__row-label" }, W.myDiscards), cardsEl(discards[HUMAN], "s")),
      );
      const mine = [W.youSeat, v.dealer === HUMAN ? W.dealer : null, roleOf(HUMAN), W.yourSets].filter(Boolean).join(" · ");
      mySets.replaceChildren(el("span", { class: "kiosk-play__row-label" }, mixed(mine)), meldsEl(melds[HUMAN]), ready);
      renderHand(hands[HUMAN] || "", legal || []);
      showReady(hands[HUMAN] || "", melds[HUMAN] || [], (v.win_bars || [])[HUMAN] || [], (v.passed_win || [])[HUMAN]);
    }

    /** "你下叫了，等这几张：…" while the visitor's hand is one card from the win. The engine answers a hand of another
     * size (the visitor about to discard) with an error: then, as when no card completes it, the line is empty. A card
     * the hand waits for that a rule of play keeps from the visitor (``bars``: the deal's view.win_bars, 和回龙 …) is
     * said apart, with its rule; and after a passed win (``passed``: view.passed_win), that 现张不和 holds it back. */
    async function showReady(text, melds, bars, passed) {
      const key = [text, melds.map((m) => m.kind + ":" + m.cards).join(" "), bars.map((b) => b.ascii + ":" + b.rule).join(" "), passed ?? ""].join("|");
      if (key === readyFor || !C) return;
      readyFor = key;
      delete ready.dataset.waits; // (set again with the engine's answer for this hand)
      let answer = null;
      try {
        answer = text ? await send(C.waitsRequest(rules, text, melds)) : null;
      } catch (err) {
        answer = null; // (an engine restart or a stopped game: the game loop says so)
      }
      if (readyFor !== key) return; // the hand has moved on
      const wins = answer && !answer.error ? (answer.waits || []).filter((w) => w.win !== false) : [];
      const barOf = new Map(bars.map((b) => [b.ascii, b.rule]));
      const open = wins.filter((w) => !barOf.has(w.ascii));
      const shut = wins.filter((w) => barOf.has(w.ascii));
      const parts = open.length ? [el("span", { class: "kiosk-play__row-label" }, mixed(W.ready(C.readyWord(rules)))), cardsEl(open.map((w) => w.card).join(""), "s")] : [];
      for (const rule of new Set(shut.map((w) => barOf.get(w.ascii)))) {
        const cards = shut.filter((w) => barOf.get(w.ascii) === rule).map((w) => w.card).join("");
        parts.push(el("span", { class: "kiosk-play__row-label kiosk-play__barred", "data-rule": rule }, mixed(W.barred[rule] || rule)), cardsEl(cards, "s"));
      }
      if (open.length && passed != null) parts.push(el("span", { class: "kiosk-play__passed-win" }, mixed(W.passedWin)));
      ready.replaceChildren(...parts);
      ready.dataset.waits = open.map((w) => w.ascii).join(" "); // (the engine's card names, as its win_bars')
      ready.dataset.barred = shut.map((w) => w.ascii).join(" ");
    }

    /** A card drawn face down (Wuchuan 一百's private draw): the visitor sees their own, of another seat only that. */
    function privateDraw(p) {
      if (!p) return null;
      if (p.seat !== HUMAN) return el("p", { class: "kiosk-play__drawn kiosk-play__drawn--hidden" }, W.drewHidden(seatName(p.seat)));
      return el("div", { class: "kiosk-play__drawn", role: "group", "aria-label": W.drawnCard }, el("span", { class: "kiosk-play__row-label" }, W.drawnCard), cardsEl(p.card, "l"));
    }

    function meldsEl(list) {
      if (!list || !list.length) return el("span", { class: "kiosk-play__none" }, W.nothing);
      return el(
        "span",
        { class: "kiosk-play__melds" },
        list.map((m) => el("span", { class: "kiosk-play__meld", title: (m.name && m.name[lang]) || m.kind }, cardsEl(m.cards, "s"))),
      );
    }

    /** The hand as columns of identical cards; a column is a button when discarding that card is legal. */
    function renderHand(text, legal) {
      hand.replaceChildren();
      const cards = C ? C.parse(text) : [];
      const groups = new Map();
      for (const c of cards) {
        if (!groups.has(c.ascii)) groups.set(c.ascii, []);
        groups.get(c.ascii).push(c);
      }
      const discards = new Map(legal.filter((a) => a.type === "discard").map((a) => [a.card, a]));
      const ordered = [...groups.values()].sort((a, b) => (a[0].big - b[0].big) || a[0].number - b[0].number);
      for (const group of ordered) {
        const c = group[0];
        const action = discards.get(c.zh);
        const label = C.name(c, scheme, lang) + (group.length > 1 ? " ×" + group.length : "");
        const stack = el("span", { class: "kiosk-play__stack" }, group.map((card) => C.element(card, { scheme, lang, size: "m" })));
        if (action) {
          const b = el("button", { type: "button", class: "kiosk-play__column is-legal", "aria-label": label, dataset: { card: c.ascii } }, stack);
          b.addEventListener("click", () => choose(action));
          hand.append(b);
        } else {
          hand.append(el("span", { class: "kiosk-play__column", role: "img", "aria-label": label, "data-card": c.ascii }, stack));
        }
      }
    }

    // ---- the game loop -----------------------------------------------------------------------------------------------

    function choose(action) {
      if (!session.answer(action)) return; // no choice pending (or a second tap)
      actions.replaceChildren();
      prompt.textContent = "";
      renderHand(((view && view.hands) || [])[HUMAN] || "", []); // no second tap while the engine answers
    }

    /** A claim as pictures, shown instead of its sentence when the gallery offers many (kiosk.css): the verb, the card
     *  taken (ringed) with the cards it joins, and what 比 (摆, 妥) lays out too. Hidden elsewhere; the sentence stays
     *  the name. */
    function choicePictures(a, phase) {
      const en = lang === "en";
      const verbs = claimWords(rules);
      const verb = { eat: en ? "eat" : "吃", pong: en ? "take" : verbs.pong, kong: en ? "take" : verbs.kong, win: en ? "win" : verbs.win, four: en ? "lay out" : "亮" }[a.type];
      if (!verb || !a.card || !C || phase === "drawn") return null;
      const held = { eat: a.cards || "", pong: a.card.repeat(2), kong: a.card.repeat(3), four: a.card.repeat(3) }[a.type] || "";
      const taken = cardsEl(a.card, "s");
      if (a.type !== "four") taken.classList.add("kiosk-play__choice-taken");
      const bi = (a.bi || []).filter(Boolean).flatMap((set) => [el("span", { class: "kiosk-play__choice-word", lang: "zh" }, verbs.bi), cardsEl(set, "s")]);
      return el("span", { class: "kiosk-play__choice-cards", "aria-hidden": "true" }, el("span", { class: "kiosk-play__choice-word" }, verb), held ? cardsEl(held, "s") : "", taken, ...bi);
    }

    async function humanChoice(legal, inClaimWindow) {
      render(legal);
      actions.replaceChildren();
      const claims = legal.filter((a) => a.type !== "discard");
      if (inClaimWindow) prompt.textContent = W.yourClaim;
      else if (legal.some((a) => a.type === "discard")) {
        prompt.textContent = W.yourTurnDiscard;
        if (hand.querySelector(".kiosk-play__column:not(.is-legal)")) prompt.append(" ", mixed(W.dimmed));
      }
      else if (legal.some((a) => a.type === "draw")) prompt.textContent = W.yourTurnDraw;
      else if ((view || {}).phase === "drawn") prompt.textContent = W.yourDrawn;
      else prompt.textContent = W.yourTurnTurn;
      const phase = (view || {}).phase;
      const fixed = { turn: W.turn, pass: W.pass, draw: W.draw, show: W.show };
      for (const a of claims) {
        const text = fixed[a.type] || explain(a, W.you, W, lang, rules, true, phase);
        const b = el("button", { type: "button", class: "kiosk-btn kiosk-play__choice kiosk-play__choice--" + a.type, dataset: { action: a.text } }, choicePictures(a, phase) || "", el("span", { class: "kiosk-play__choice-text" }, mixed(text)));
        b.addEventListener("click", () => choose(a));
        actions.append(b);
      }
      const laysOut = claims.some((a) => (a.bi || []).some(Boolean));
      choiceKey.replaceChildren(laysOut ? mixed(W.biKey(claimWords(rules).bi)) : "");
      const first = actions.querySelector("button") || hand.querySelector("button");
      if (first) first.focus({ preventScroll: true });
      session.showQuestion(talk, prompt, hand);
      return session.ask();
    }

    async function apply(action) {
      const phase = (view || {}).phase;
      const response = await call({ command: "apply", action: action.text });
      adopt(response);
      const who = seatName(action.seat);
      let line = explain(action, who, W, lang, rules, action.seat === HUMAN, phase);
      // (the draw, 小家's private draw, the steal and the win are told by explain() already)
      const events = (response.events || []).filter((e) => !["win", "draw", "xiaojia-draw", "steal"].includes(e.code));
      if (events.length) line += " " + events.map((e) => seatNames(e[lang] || e.en || "")).join(" ");
      if (log.textContent) history.push({ line: log.textContent, type: log.dataset.action });
      log.replaceChildren(mixed(line));
      log.dataset.action = action.type;
      lastActions.push(action);
      trail.replaceChildren(...history.slice(-4).reverse().map((m) => el("li", { dataset: { action: m.type || "" } }, mixed(m.line))));
      return response;
    }

    /** The bot's chosen action as the engine describes it. */
    async function botMove(wishes) {
      const response = await call({ command: "bot_move", wishes: wishes || {} });
      if (!response.detail) throw session.problem({ code: "no-move", where: "bot_move", zh: "电脑玩家没有可走的牌", en: "the computer player has no move" }, "bot_move");
      return response.detail;
    }

    const lastActions = [];

    // Which card the hand was won on: another's discard (that seat lost it) or a turned-up card.
    function lostLine(s) {
      const win = lastActions[lastActions.length - 1];
      const before = lastActions[lastActions.length - 2];
      if (!win || s.winner == null || !before || !before.cards) return null;
      const words = claimWords(rules); // (和 and 抬炮 in Leshan)
      if (before.type === "discard" && before.seat !== s.winner) return W.lostOn(before.seat === HUMAN ? W.youSeat : seatName(before.seat), before.cards, words.win, words.discarder);
      if (before.type === "turn") return W.wonOnTurn(before.cards, words.win);
      return null;
    }

    function humanLegal() {
      return (answer.legal || []).filter((a) => a.seat === HUMAN);
    }

    // A hand kept for the reader (options.keep, the keeper of play-session.js); a race of 一百 keeps its deals so.
    const keeper = window.changpaiKioskSession.keeper(options.keep, options.resume, { rules, players });
    const tallyKey = players === 3 ? rules : rules + "×" + players; // (a table of four keeps its own totals)

    // A reader's hands follow the tradition's rules of a sitting (a race of 一百 brings its own dealer in options.deal);
    // the hand in progress keeps its seating, so that a reload deals it again as it was.
    const sitting = Boolean(options.keep) && !options.deal;
    const validSeating = (s) =>
      !!s && Number.isInteger(s.shuffler) && s.shuffler >= 0 && s.shuffler < players && (s.dealer === null || (Number.isInteger(s.dealer) && s.dealer >= 0 && s.dealer < players));
    const seating = [keeper.resume && keeper.resume.seating, sitting ? keeper.nextSeating(tallyKey) : null].find(validSeating) || { dealer: HUMAN, shuffler: HUMAN };
    // (dealer null: the deal's own cut picks the dealer, from the shuffler's 上家)
    const seatingRequest = seating.dealer === null ? { shuffler: seating.shuffler } : { dealer: seating.dealer, shuffler: seating.shuffler };

    function saveHand(seed) {
      const moves = lastActions.map(({ seat, type, card, cards, bi, text, label }) => ({ seat, type, card, cards, bi, text, label }));
      keeper.update(seed, moves, answer.over, sitting ? { seating } : null);
    }

    /** Who deals this hand, under the game's name: in a reader's sitting, once the deal has moved (or the cut picked). */
    function whoDeals() {
      const dealer = view && view.dealer;
      if (!sitting || !Number.isInteger(dealer) || (dealer === HUMAN && seating.dealer === HUMAN)) return "";
      const cut = answer.state && answer.state.cut_card;
      const name = (seat) => (seat === HUMAN ? (lang === "zh" ? W.you : "you") : seatName(seat));
      // (the last argument: the reader is the sentence's subject, which English says as "You deal", not "you deals")
      const text = seating.dealer === null && cut
        ? W.cut(name(seating.shuffler), cut, name(dealer), seating.shuffler === HUMAN)
        : W.deals(name(dealer), dealer === HUMAN);
      return el("p", { class: "kiosk-play__dealt" }, mixed(text));
    }

    /** After a reader's hand: who deals the next one (the engine's next_seating), kept for it; null if not known. */
    async function nextSeating() {
      const s = answer.settlement || {};
      // (not about the live deal: sent as it is; an error leaves the next hand to the first hand's seating)
      const next = await send({ command: "next_seating", rules, players, dealer: view.dealer, shuffler: seating.shuffler, winner: s.winner ?? null });
      if (!next || next.error) return null;
      keeper.nextSeating(tallyKey, { dealer: next.dealer, shuffler: next.shuffler });
      return next;
    }

    async function play() {
      // options.deal: more of the new deal's request (a sitting's options, its score so far, its dealer; a seed)
      const more = options.deal || {};
      const resume = keeper.resume;
      let seed = keeper.seed(more.seed ?? tuning.seed);
      const deal = () => call({ command: "new_deal", rules, players, ...seatingRequest, ...more, seed });
      adopt(await deal());
      if (resume && !(await keeper.replay(apply))) {
        seed = keeper.seed(); // (the saved hand is gone: a fresh one)
        log.replaceChildren();
        trail.replaceChildren();
        history.length = 0;
        lastActions.length = 0;
        adopt(await deal());
      }
      board.dataset.seed = String(seed);
      if (resume) board.dataset.resumed = String(lastActions.length);
      saveHand(seed); // (kept from the deal on: a reload before the first move comes back to this table)
      render([]);
      // options.stopWhen(answer): the game ends here, mid-deal too (a sitting won), and options.onEnd shows it
      const stopped = () => !!(options.stopWhen && options.stopWhen(answer));
      while (session.alive && steps < MAX_STEPS && !answer.over && !stopped()) {
        steps += 1;
        const v = view || {};
        const claimants = v.claimants || [];
        if (v.phase === "claim") {
          const wishes = {};
          const mine = claimants.includes(HUMAN) ? humanLegal() : [];
          if (mine.some((a) => a.type !== "pass")) {
            const wish = await humanChoice(mine, true);
            wishes[HUMAN] = wish.type === "pass" ? "pass" : wish.text;
          } else {
            if (mine.length) wishes[HUMAN] = "pass"; // nothing to take: no need to ask
            prompt.textContent = W.waiting(seatName(claimants.find((s) => s !== HUMAN) ?? claimants[0]));
            render([]);
            await wait(botDelay);
          }
          await apply(await botMove(wishes));
        } else if (v.to_act === HUMAN) {
          await apply(await humanChoice(humanLegal(), false));
        } else {
          prompt.textContent = W.waiting(seatName(v.to_act));
          render([]);
          await wait(botDelay);
          await apply(await botMove());
        }
        saveHand(seed);
      }
      if (stopped() && options.onEnd) {
        render([]);
        prompt.textContent = "";
        actions.replaceChildren();
        options.onEnd(answer, board);
      } else settle(answer.settlement, sitting && answer.over && view ? await nextSeating() : null);
    }

    /** One seat's amount, won (+) or paid (−): a hand's payments and the reader's running totals. */
    function amountItem(n, seat) {
      return el("li", { class: n > 0 ? "is-plus" : n < 0 ? "is-minus" : "" }, (seat === HUMAN ? W.youSeat : seatName(seat)) + " " + W.points(n));
    }

    /** The reader's running totals over the hands of this tab and game, this one included (from the second hand). */
    function tallyEl(payments) {
      const paid = Array.isArray(payments) && payments.length ? payments : Array(players).fill(0); // (no winner: nobody pays)
      const tally = keeper.tally(tallyKey, paid);
      if (!tally || tally.hands < 2) return null;
      const items = tally.totals.map(amountItem);
      return el("section", { class: "kiosk-play__tally" }, el("h3", {}, W.tally(tally.hands)), el("ul", { class: "kiosk-play__totals" }, items));
    }

    /** The next hand's dealer, by the tradition's rule (next_seating's answer), for the settlement. */
    function nextLine(next) {
      if (!next) return null;
      const seat = next.dealer === null ? next.shuffler : next.dealer;
      const you = seat === HUMAN;
      const line = (next.dealer === null ? W.nextCut : W.nextDeals)(you ? W.you : seatName(seat), you);
      const why = (next.why || []).length ? (next.why[0].answer[lang] || next.why[0].answer.en) : "";
      return el("p", { class: "kiosk-play__next", dataset: { dealer: String(next.dealer), shuffler: String(next.shuffler) } }, mixed(why ? line + (lang === "zh" ? "（" + why + "）" : " (" + why + ")") : line));
    }

    function settle(settlement, next) {
      render([]);
      prompt.textContent = "";
      actions.replaceChildren();
      const s = settlement || {};
      // Nobody won and nobody paid: the engine's outcome (无人和牌，不付钱) would only say the headline again; when
      // something is paid (包牌, Wuchuan's counting fee) it closes the lines.
      const quiet = s.winner == null && (s.payments || []).every((paid) => !paid);
      const said = [...(s.lines || []), ...(s.outcome ? [s.outcome] : [])];
      const lines = quiet ? [] : said.map((line) => el("li", {}, mixed(seatNames(line[lang] || line.en || ""))));
      const payments = (s.payments || []).map(amountItem);
      // The headline is the hand's own points (22 胡), not the payment figure the settlement is built from.
      const handPoints = s.hand && typeof s.hand.points === "number" ? s.hand.points : s.points;
      const headline =
        s.winner == null
          ? W.noWinner(claimWords(rules).win)
          : s.winner === HUMAN
            ? W.youWon(W.pointsOf(handPoints, rules))
            : W.youLost + " " + W.winner(seatName(s.winner), W.pointsOf(handPoints, rules));
      const lost = lostLine(s);
      const winnerSets =
        s.winner == null
          ? null
          : s.hand && window.cpWin
            ? el("div", { class: "kiosk-play__winning" }, window.cpWin.draw(s.hand, { scheme, lang, word: pointWord(rules), winWord: claimWords(rules).win, size: "m" }))
            : el("div", { class: "kiosk-play__winning" }, meldsEl(((view && view.melds) || [])[s.winner]), cardsEl(((view && view.hands) || [])[s.winner] || "", "s"));
      const box = el(
        "section",
        { class: "kiosk-play__settlement", role: "dialog", "aria-label": W.settlement },
        el("h2", {}, W.settlement),
        el("p", { class: "kiosk-play__headline", dataset: { points: String(handPoints) } }, headline),
        lost ? el("p", { class: "kiosk-play__lost-on" }, mixed(lost)) : null,
        winnerSets,
        s.winner != null && s.hand ? el("p", { class: "kiosk-play__basis" }, W.pays(s.points)) : null,
        lines.length ? el("ul", { class: "kiosk-play__lines" }, lines) : null,
        payments.length ? el("ul", { class: "kiosk-play__payments", "aria-label": W.payments }, payments) : null,
        tallyEl(s.payments),
        nextLine(next),
        session.againButton(),
      );
      board.append(box);
      box.querySelector("button").focus({ preventScroll: true });
    }

    return session.run(play);
  }

  window.changpaiKioskPlay = { mount, explain, tuning: {}, recoveries: 0 };
})();
