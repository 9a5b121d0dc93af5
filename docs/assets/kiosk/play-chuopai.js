/* Play a hand of 泸州戳牌 at the kiosk: the visitor sits at 甲 (seat 0), as the dealer (庄家, alone against two allies)
 * or as one of the allies (闲家, then 乙 deals). Two computer players take the other seats. Every rule comes from the
 * engine (changpai.chuopai through docs/assets/engine/engine.js); the kiosk keeps only the engine's JSON state:
 *
 *   rules {name: "chuopai"}                    → {pictures: [{face, picture, label}], …}: how each card is drawn
 *   new_deal {rules: "chuopai", seed, dealer}  → {state, view, legal, over, settlement}
 *   legal_actions {state, seat: 0}             → {actions: [{seat, type: "play" | "down", cards, text, label}]}
 *   bot_move {state}                           → {action, detail}
 *   apply {state, action}                      → a deal answer plus events
 *
 * The must-beat rule is the engine's: when the visitor cannot beat, the legal actions are the face-down plays, and
 * those are the only buttons shown. The trick area says who led, what each seat played, who is highest, and keeps the
 * last finished trick on screen with the seat that took it. The hand closes with the engine's settlement.
 *
 * window.changpaiKioskChuopai.mount(container, {lang, onAgain, seat, keep, resume}) returns a function that stops the
 * game; seat is "dealer" or "ally" (keep, resume: a reader's hand kept in the tab, play-session.js's keeper). Tests
 * set window.changpaiKioskChuopai.tuning = {seed, botDelayMs, options}; options are the engine's 戳牌 options for the
 * deal (a deck with jokers, say), sent with the rules and new_deal requests.
 * Every card is drawn from the engine's pictures (chuopai.cards.PICTURE and picture_label, the joker included), so
 * no face is named here. */
(function () {
  "use strict";

  const HUMAN = 0;
  const BOT_DELAY_MS = 1100; // the computer players pause so a visitor can follow them
  const TRICK_PAUSE_MS = 1400; // a finished trick stays in the middle a moment before the next lead
  const MAX_STEPS = 400;

  const WORDS = {
    zh: {
      title: "泸州戳牌",
      loading: "正在准备牌桌……",
      seats: ["你（甲）", "电脑乙", "电脑丙"],
      you: "你",
      roles: { dealer: "庄家", player: "闲家" },
      front: (n) => "面前 " + n + " 张",
      inHand: (n) => "手里 " + n + " 张",
      hand: "你的手牌",
      trick: "这一轮",
      lastTrick: "上一轮",
      leads: (s) => s + "先出",
      lead: "领出",
      beat: "压过",
      under: "没压过",
      down: (n) => (n ? "扣下 " + n + " 张" : "手里没牌了"),
      best: "最大",
      takes: (s) => s + "最大，拿下这一轮",
      nextLead: (s) => "下一轮由" + s + "先出",
      noTrick: (s) => "还没出牌，" + s + "先出",
      yourLead: "轮到你先出：点一个按钮出牌。",
      yourBeat: "轮到你：下面是打得起的出法（打得起就必须打）。",
      yourDown: "你打不起，只能扣牌：选要扣下的牌。",
      waiting: (s) => s + "正在想……",
      play: "出",
      playDown: "扣",
      // a button's spoken name holds its visible words (a voice user says what they see): here they are the same
      playLong: "出",
      playDownLong: "扣",
      pass: "手里没牌了，跳过",
      faceDown: "扣着的牌",
      again: "再打一手",
      settlement: "结算",
      outcomes: { win: "按张数赢", huang: "黄牌（不算输赢）", fa: "罚牌", unfinished: "未打完" },
      counts: "面前张数",
      pays: (a, b, n) => a + "付给" + b + " " + n,
      scores: "输赢",
      youWon: (n) => "你赢了 " + n + "！",
      youLost: (n) => "你输了 " + n + "。",
      even: "你不输不赢。",
      points: (n) => (n > 0 ? "+" : "") + n,
      tally: (n) => "这 " + n + " 手合计",
      engineFailed: "规则引擎出了问题，这一手没法继续。",
      restarting: "稍等一下，牌桌正在重新摆好……",
      where: "位置",
      sep: "，",
      colon: "：",
    },
    en: {
      title: "Luzhou 戳牌",
      loading: "Setting up the table…",
      seats: ["You (A)", "Computer B", "Computer C"],
      you: "You",
      roles: { dealer: "dealer (庄家)", player: "ally (闲家)" },
      front: (n) => n + " in front",
      inHand: (n) => n + " in hand",
      hand: "Your hand",
      trick: "This trick",
      lastTrick: "Last trick",
      leads: (s) => s + " led",
      lead: "leads",
      beat: "beats",
      under: "does not beat",
      down: (n) => (n ? n + " face down" : "no cards left"),
      best: "highest",
      takes: (s) => s + " is highest and takes the trick",
      nextLead: (s) => "Next, " + s + " leads",
      noTrick: (s) => "No cards out yet: " + s + " leads",
      yourLead: "Your lead: tap a button to play those cards.",
      yourBeat: "Your turn: these plays beat the best so far (if you can beat, you must).",
      yourDown: "You cannot beat it, so you lay cards face down: choose which.",
      waiting: (s) => s + " is thinking…",
      play: "play",
      playDown: "down",
      playLong: "Play",
      playDownLong: "Lay face down",
      pass: "No cards left: pass",
      faceDown: "cards face down",
      again: "Play another hand",
      settlement: "Settlement",
      outcomes: { win: "a win by count", huang: "黄牌: no result", fa: "a fine (罚牌)", unfinished: "not finished" },
      counts: "Cards in front",
      pays: (a, b, n) => a + " pays " + b + " " + n,
      scores: "Won and lost",
      youWon: (n) => "You won " + n + "!",
      youLost: (n) => "You lost " + n + ".",
      even: "You neither won nor lost.",
      points: (n) => (n > 0 ? "+" : "") + n,
      tally: (n) => "Total over " + n + " hands",
      engineFailed: "The rules engine ran into a problem; this hand cannot go on.",
      restarting: "One moment: the table is being set up again…",
      where: "at",
      sep: ", ",
      colon: ": ",
    },
  };

  /** "1 down 二三" → {seat: 1, type: "down", cards: ["二三"]}; the engine's own action text. */
  function parseAction(text) {
    const [seat, type, ...cards] = String(text).trim().split(/\s+/);
    return { seat: Number(seat), type, cards };
  }

  function mount(container, options) {
    const lang = options.lang === "en" ? "en" : "zh";
    const asDealer = options.seat !== "ally";
    const W = WORDS[lang];
    const h = window.cp.h;
    const tuning = window.changpaiKioskChuopai.tuning || {};
    const botDelay = tuning.botDelayMs != null ? tuning.botDelayMs : BOT_DELAY_MS;
    const trickPause = tuning.botDelayMs != null ? tuning.botDelayMs : TRICK_PAUSE_MS;
    // Engine calls, timers, errors, recovery and stop: the kiosk games' one session (play-session.js).
    const session = window.changpaiKioskSession.open({
      container,
      lang,
      words: W,
      where: "play-chuopai.js",
      onAgain: () => options.onAgain && options.onAgain(),
    });
    let answer = {};
    let pictures = {}; // face name → {picture, label}, from the engine's rules answer (the joker too)
    const dealOptions = tuning.options || null; // the engine's 戳牌 options (tests; none: the engine's defaults)
    const mixed = (text) => (window.changpaiKiosk && window.changpaiKiosk.mixed ? window.changpaiKiosk.mixed(text, lang) : String(text));
    const cardsBase = window.cpCards ? window.cpCards.cardsBase : new URL("../cards/", document.baseURI);

    const wait = session.wait;
    // A reader's hand kept in the tab (play-session.js's keeper): its moves, as the engine's texts
    const keeper = window.changpaiKioskSession.keeper(options.keep, options.resume, { rules: "chuopai", seat: asDealer ? "dealer" : "ally" });
    const moves = [];
    let replaying = false; // (a kept hand's moves are replayed without the pause after each trick)

    // ---- layout --------------------------------------------------------------------------------------------------
    const status = h("div", { class: "kiosk-play__engine" });
    const seatsRow = h("div", { class: "kiosk-chuo__seats" });
    const trickBox = h("section", { class: "kiosk-chuo__trick", "aria-label": W.trick, "aria-live": "polite" });
    const prompt = h("p", { class: "kiosk-play__prompt kiosk-chuo__prompt" }, W.loading);
    const actions = h("div", { class: "kiosk-chuo__actions", role: "group" });
    const hand = h("div", { class: "kiosk-chuo__hand", role: "group", "aria-label": W.hand });
    const board = h(
      "div",
      { class: "kiosk-chuo", dataset: { role: asDealer ? "dealer" : "ally" } },
      seatsRow,
      trickBox,
      prompt,
      actions,
      hand,
    );
    container.append(status, board);
    session.watchStatus(status);

    const seatName = (s) => W.seats[s] || "#" + s;
    /** Engine texts name seats 甲乙丙 / A B C; the kiosk says 你 / 电脑乙 … */
    function seatNames(text) {
      if (lang === "en") {
        return String(text || "")
          .replace(/\bA has\b/g, "You have")
          .replace(/\b([ABC])\b(?=[ :’',]|$)/g, (_, c) => seatName("ABC".indexOf(c)));
      }
      return String(text || "").replace(/^([甲乙丙])(?=面前)/, (c) => seatName("甲乙丙".indexOf(c)));
    }

    function card(face, size) {
      const p = pictures[face];
      if (!p) return h("span", { class: "kiosk-chuo__card kiosk-chuo__card--text" }, face);
      const alt = (p.label && (p.label[lang] || p.label.zh)) || face;
      return h("img", { class: "kiosk-chuo__card kiosk-chuo__card--" + size, src: new URL("dominoes/" + p.picture + ".svg", cardsBase).href, alt, title: face, width: "100", height: "380", dataset: { face } });
    }

    function backs(n) {
      return h("span", { class: "kiosk-chuo__back", role: "img", "aria-label": W.faceDown + " " + n }, String(n));
    }

    // ---- engine ----------------------------------------------------------------------------------------------------
    const call = session.call;

    // ---- drawing -----------------------------------------------------------------------------------------------------
    const view = () => answer.view || {};
    const handOf = (s) => String((view().hands || [])[s] || "").split(/\s+/).filter(Boolean);

    function renderSeats() {
      const v = view();
      seatsRow.replaceChildren(
        h("p", { class: "kiosk-play__game" }, mixed(W.title)),
        ...[0, 1, 2].map((s) => {
          const role = (v.roles || [])[s];
          return h(
            "section",
            { class: "kiosk-chuo__seat" + (v.to_act === s ? " is-acting" : "") + (s === HUMAN ? " is-you" : ""), dataset: { seat: String(s) } },
            h("p", { class: "kiosk-chuo__seat-name" }, mixed(seatName(s) + " · " + (W.roles[role] || role || ""))),
            h("p", { class: "kiosk-chuo__count", dataset: { count: String((v.piles || [])[s] || 0) } }, W.front((v.piles || [])[s] || 0)),
            h("p", { class: "kiosk-chuo__in-hand" }, W.inHand(handOf(s).length)),
          );
        }),
      );
    }

    function playsList(list, best) {
      return h(
        "ol",
        { class: "kiosk-chuo__plays" },
        list.map((text, i) => {
          const a = parseAction(text);
          const lead = i === 0;
          const what = a.type === "down" ? W.down(a.cards.length) : lead ? W.lead : i === best ? W.beat : W.under;
          const shown = a.type !== "down" ? a.cards.map((c) => card(c, "m")) : a.cards.length ? [backs(a.cards.length)] : [];
          return h(
            "li",
            { class: "kiosk-chuo__play" + (i === best ? " is-best" : "") + (a.type === "down" ? " is-down" : "") },
            h("span", { class: "kiosk-chuo__who" }, seatName(a.seat)),
            h("span", { class: "kiosk-chuo__shown" }, shown),
            h("span", { class: "kiosk-chuo__what" }, mixed((a.type === "down" ? "" : a.cards.join(" ") + " · ") + what + (i === best ? " · " + W.best : ""))),
          );
        }),
      );
    }

    let notes = [];

    function noteLines() {
      return notes.map((e) =>
        h("p", { class: "kiosk-chuo__event", dataset: { kind: e.kind || "" } }, mixed((e.payer != null ? seatName(e.payer) + W.colon : "") + seatNames(e[lang] || e.en || ""))),
      );
    }

    function renderTrick() {
      const v = view();
      const done = v.tricks || [];
      const last = done[done.length - 1];
      if ((!v.trick || !v.trick.length) && last) {
        trickBox.dataset.taker = String(last.taker);
        trickBox.replaceChildren(
          h("p", { class: "kiosk-chuo__trick-head" }, W.lastTrick + W.colon + W.leads(seatName(last.leader))),
          playsList(last.actions, last.actions.findIndex((t) => parseAction(t).seat === last.taker && parseAction(t).type === "play")),
          h("p", { class: "kiosk-chuo__taker" }, W.takes(seatName(last.taker))),
          ...noteLines(),
          answer.over ? "" : h("p", { class: "kiosk-chuo__next" }, W.nextLead(seatName(v.leader))), // (not null: replaceChildren writes "null")
        );
        return;
      }
      delete trickBox.dataset.taker;
      const trick = v.trick || [];
      trickBox.replaceChildren(
        h("p", { class: "kiosk-chuo__trick-head" }, trick.length ? W.trick + W.colon + W.leads(seatName(v.leader)) : W.noTrick(seatName(v.leader))),
        trick.length ? playsList(trick, v.best) : "",
        ...noteLines(),
      );
    }

    function renderHand() {
      hand.replaceChildren(...handOf(HUMAN).map((c) => card(c, "l")));
    }

    function render() {
      renderSeats();
      renderTrick();
      renderHand();
    }

    // ---- the game loop -----------------------------------------------------------------------------------------------

    function choose(action) {
      if (!session.answer(action)) return; // no choice pending (or a second tap)
      actions.replaceChildren();
      prompt.textContent = "";
    }

    function actionButton(a) {
      const cards = (a.cards || "").split(/\s+/).filter(Boolean);
      const label = !cards.length ? W.pass : (a.type === "down" ? W.playDown : W.play) + " " + cards.join(" ");
      const long = !cards.length ? W.pass : (a.type === "down" ? W.playDownLong : W.playLong) + " " + cards.join(" ");
      const b = h(
        "button",
        { type: "button", class: "kiosk-btn kiosk-chuo__choice kiosk-chuo__choice--" + a.type, dataset: { action: a.text }, "aria-label": long },
        h("span", { class: "kiosk-chuo__choice-cards" }, cards.map((c) => card(c, "s"))),
        h("span", { class: "kiosk-chuo__choice-label" }, mixed(label)),
      );
      b.addEventListener("click", () => choose(a));
      return b;
    }

    async function humanChoice() {
      const legal = (await call({ command: "legal_actions", state: answer.state, seat: HUMAN })).actions || [];
      render();
      const v = view();
      prompt.textContent = legal.every((a) => a.type === "down") ? W.yourDown : (v.trick || []).length ? W.yourBeat : W.yourLead;
      actions.replaceChildren(...legal.map(actionButton));
      const first = actions.querySelector("button");
      if (first) first.focus({ preventScroll: true });
      return session.ask();
    }

    async function apply(text) {
      const before = (view().tricks || []).length;
      answer = await call({ command: "apply", state: answer.state, action: text });
      moves.push(text);
      const finished = (view().tricks || []).length > before;
      // What the engine noted (a 包牌, say) stays on screen until the next trick is taken.
      if ((answer.events || []).length) notes = answer.events;
      else if (finished) notes = [];
      render();
      if (finished && !answer.over && !replaying) await wait(trickPause); // let the taker be seen
    }

    async function play() {
      const resume = keeper.resume;
      let seed = keeper.seed(tuning.seed);
      const withOptions = dealOptions ? { options: dealOptions } : {};
      const rules = await call({ command: "rules", name: "chuopai", ...withOptions });
      pictures = Object.fromEntries((rules.pictures || []).map((p) => [p.face, p]));
      const deal = () => call({ command: "new_deal", rules: "chuopai", seed, dealer: asDealer ? HUMAN : 1, ...withOptions });
      answer = await deal();
      if (resume) {
        replaying = true;
        const replayed = await keeper.replay(apply);
        replaying = false;
        if (!replayed) {
          seed = keeper.seed(); // (the saved hand is gone: a fresh one)
          moves.length = 0;
          notes = [];
          answer = await deal();
        }
        board.dataset.resumed = String(moves.length);
      }
      board.dataset.seed = String(seed);
      keeper.update(seed, moves, answer.over); // (kept from the deal on: a reload before the first move comes back to it)
      render();
      let steps = 0;
      while (session.alive && !answer.over && steps < MAX_STEPS) {
        steps += 1;
        const v = view();
        if (v.to_act === HUMAN) {
          const a = await humanChoice();
          await apply(a.text);
        } else {
          prompt.textContent = W.waiting(seatName(v.to_act));
          await wait(botDelay);
          const move = await call({ command: "bot_move", state: answer.state });
          if (!move.action) throw session.problem({ code: "no-move", where: "bot_move", zh: "电脑玩家没有可走的牌", en: "the computer player has no move" }, "bot_move");
          await apply(move.action);
        }
        keeper.update(seed, moves, answer.over);
      }
      settle(answer.settlement || {});
    }

    /** One seat's score, won (+) or lost (−): a hand's, and a reader's running total. */
    function scoreItem(n, seat) {
      return h("li", { class: n > 0 ? "is-plus" : n < 0 ? "is-minus" : "", dataset: { seat: String(seat), score: String(n) } }, seatName(seat) + " " + W.points(n));
    }

    /** A reader's running totals over the hands of this tab, this one included, in either seat (from the second hand). */
    function tallyEl(scores) {
      const tally = keeper.tally("chuopai", scores.length ? scores : [0, 0, 0]);
      if (!tally || tally.hands < 2) return null;
      return h("section", { class: "kiosk-play__tally" }, h("h3", {}, W.tally(tally.hands)), h("ul", { class: "kiosk-play__totals" }, tally.totals.map(scoreItem)));
    }

    function settle(s) {
      render();
      prompt.textContent = "";
      actions.replaceChildren();
      const scores = s.scores || [];
      const mine = scores[HUMAN] || 0;
      const box = h(
        "section",
        { class: "kiosk-play__settlement kiosk-chuo__settlement", role: "dialog", "aria-label": W.settlement, dataset: { outcome: s.outcome || "", scores: JSON.stringify(scores) } },
        h("h2", {}, W.settlement),
        h("p", { class: "kiosk-play__headline" }, mixed((W.outcomes[s.outcome] || s.outcome || "") + W.sep + (mine > 0 ? W.youWon(mine) : mine < 0 ? W.youLost(-mine) : W.even))),
        h("p", { class: "kiosk-chuo__counts" }, W.counts + W.colon + (s.counts || []).map((n, i) => seatName(i) + " " + n).join(W.sep)),
        (s.payments || []).length
          ? h("ul", { class: "kiosk-play__lines" }, s.payments.map((p) => h("li", {}, mixed(W.pays(seatName(p.payer), seatName(p.payee), p.amount) + W.colon + seatNames((p.reason || {})[lang] || "")))))
          : null,
        h(
          "ul",
          { class: "kiosk-play__payments", "aria-label": W.scores },
          scores.map(scoreItem),
        ),
        tallyEl(scores),
        session.againButton(),
      );
      board.append(box);
      box.querySelector("button").focus({ preventScroll: true });
    }

    return session.run(play);
  }

  window.changpaiKioskChuopai = { mount, parseAction, tuning: {} };
})();
