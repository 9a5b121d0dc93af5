/* Wuchuan 一百 (抠百) at the kiosk: the visitor (甲) and two computer players race across deals to a target of 子;
 * the first to reach it wins at once, in the middle of a deal too. Each deal is played by play.js as any Da Er deal
 * (the private draw, 偷坎 and 偷活龙 included); the engine counts the 子 as they are made and says who deals next
 * (changpai.api: new_deal and apply answer a `sitting`, see schemas/common.schema.json $defs/sitting):
 *
 *   new_deal {rules: "wuchuan-yibai", options: {yibai_target}, dealer, sitting: {totals, targets, chaos}}
 *   apply {game, action}  → … sitting: {totals, targets, winner, scores, new, next_dealer}
 *
 * The scoreboard above the table shows every seat's 子 against the target and the last 子 made; when a seat
 * reaches the target the table stops and the end screen says who won and how. The target is the kiosk's setting
 * (data-yibai-target on #kiosk-app; the rule is 100, a gallery may play a shorter race), stated on screen.
 *
 * window.changpaiKioskYibai.mount(container, {lang, target, onAgain, keep, resume}) returns a function that stops the
 * sitting (keep, resume: a reader's race kept in the tab and carried on after a reload, its deal in progress too). */
(function () {
  "use strict";

  const RULES = "wuchuan-yibai";
  const HUMAN = 0;
  const RULE_TARGET = 100; // [000]: the race is to 100 子

  const WORDS = {
    zh: {
      title: "务川一百（抠百）",
      names: ["你（甲）", "电脑乙", "电脑丙"],
      short: ["你", "电脑乙", "电脑丙"],
      target: (n) => "先满 " + n + " 子的赢，一满就结束，一盘打到一半也算。",
      shorter: (n) => "展厅里打短局：原来的规矩是满 " + n + " 子。",
      zi: (n, t) => n + " / " + t + " 子",
      dealNo: (n) => "第 " + n + " 盘",
      dealer: "庄",
      lastScores: "刚得的子",
      noScores: "还没有人得子",
      next: "打下一盘",
      again: "再比一局",
      endTitle: "比赛结束",
      youWon: (t) => "你先满 " + t + " 子，赢了！",
      botWon: (who, t) => who + "先满 " + t + " 子，赢了这一局。",
      midDeal: "这一盘还没打完就结束了：一满就停。",
      atDealEnd: "满在这一盘的最后一步。",
      howWon: "最后一笔：",
      totals: "最后的子数",
      deals: (n) => "一共打了 " + n + " 盘",
      reset: "一会儿没人碰，展示机会自己回到开始画面。",
      engineFailed: "规则引擎出了问题，这一局没法继续。",
      restarting: "稍等一下，牌桌正在重新摆好……",
      where: "位置",
    },
    en: {
      title: "Wuchuan 一百 (抠百)",
      names: ["You (A)", "Computer B", "Computer C"],
      short: ["You", "Computer B", "Computer C"],
      target: (n) => "First to " + n + " 子 wins, the moment it is reached, even halfway through a deal.",
      shorter: (n) => "A short race for the gallery: the rule is " + n + " 子.",
      zi: (n, t) => n + " / " + t + " 子",
      dealNo: (n) => "Deal " + n,
      dealer: "deals",
      lastScores: "Just scored",
      noScores: "Nobody has scored yet",
      next: "Play the next deal",
      again: "Race again",
      endTitle: "The race is over",
      youWon: (t) => "You reached " + t + " 子 first: you win!",
      botWon: (who, t) => who + " reached " + t + " 子 first and wins.",
      midDeal: "It ended in the middle of a deal: the race stops the moment someone gets there.",
      atDealEnd: "It was reached on the deal's last move.",
      howWon: "The last score: ",
      totals: "Final 子",
      deals: (n) => n + (n === 1 ? " deal played" : " deals played"),
      reset: "Left alone for a while, the kiosk goes back to its welcome screen by itself.",
      engineFailed: "The rules engine ran into a problem; this race cannot go on.",
      restarting: "One moment: the table is being set up again…",
      where: "at",
    },
  };

  function mount(container, options) {
    const lang = options.lang === "en" ? "en" : "zh";
    const W = WORDS[lang];
    const h = window.cp.h;
    const mixed = (text) => (window.changpaiKiosk && window.changpaiKiosk.mixed ? window.changpaiKiosk.mixed(text, lang) : String(text));
    const target = Math.max(1, Math.round(Number(options.target) || RULE_TARGET));
    const tuning = window.changpaiKioskYibai.tuning || {};
    let alive = true;
    let stopDeal = null;
    let sitting = null; // the engine's latest sitting answer
    let dealer = HUMAN; // the visitor deals the first deal; then whoever the engine names
    let deals = 0;
    let lastSeed = null;
    let atStart = null; // the sitting as this deal began: a deal cut short (engine restart) is played again from it
    let dealOver = false;

    // ---- layout --------------------------------------------------------------------------------------------------
    const seats = h("div", { class: "kiosk-yibai__seats", role: "list" });
    const recent = h("ol", { class: "kiosk-yibai__recent", "aria-live": "polite", "aria-label": W.lastScores });
    const dealLine = h("span", { class: "kiosk-yibai__deal" });
    const board = h(
      "section",
      { class: "kiosk-yibai__board", "aria-label": W.title, dataset: { target: String(target) } },
      h("p", { class: "kiosk-play__game kiosk-yibai__title" }, mixed(W.title), " ", dealLine),
      h(
        "p",
        { class: "kiosk-yibai__target" },
        mixed(W.target(target)),
        target !== RULE_TARGET ? h("span", { class: "kiosk-yibai__shorter" }, " ", mixed(W.shorter(RULE_TARGET))) : null,
      ),
      seats,
      recent,
    );
    const table = h("div", { class: "kiosk-yibai__table" });
    const root = h("div", { class: "kiosk-yibai" }, board, table);
    container.append(root);

    const name = (seat) => W.names[seat] || "#" + seat;
    /** An engine line about a score names its seat 甲乙丙 / A B C first: the kiosk says 你 / 电脑乙 … */
    const scoreLine = (s) =>
      lang === "en"
        ? String((s.text || {}).en || "").replace(/^([ABC])\b/, (_, c) => W.short["ABC".indexOf(c)]).replace(/^You scores/, "You score")
        : String((s.text || {}).zh || "").replace(/^([甲乙丙])/, (c) => W.short["甲乙丙".indexOf(c)]);

    function drawBoard() {
      const s = sitting || { totals: [0, 0, 0], targets: [target, target, target], scores: [], new: 0 };
      board.dataset.totals = JSON.stringify(s.totals);
      dealLine.textContent = deals ? W.dealNo(deals) : "";
      seats.replaceChildren(
        ...s.totals.map((total, seat) => {
          const goal = (s.targets || [])[seat] || target;
          const share = Math.max(0, Math.min(1, total / goal));
          return h(
            "div",
            { class: "kiosk-yibai__seat" + (seat === HUMAN ? " is-you" : "") + (s.winner === seat ? " is-winner" : ""), role: "listitem", dataset: { seat: String(seat), zi: String(total), target: String(goal) } },
            h("span", { class: "kiosk-yibai__name" }, name(seat), seat === dealer ? h("span", { class: "kiosk-yibai__dealer" }, " · " + W.dealer) : null),
            h("span", { class: "kiosk-yibai__zi" }, mixed(W.zi(total, goal))),
            h("span", { class: "kiosk-yibai__bar", "aria-hidden": "true" }, h("span", { class: "kiosk-yibai__fill", style: "width: " + (share * 100).toFixed(1) + "%" })),
          );
        }),
      );
      const made = (s.scores || []).slice(-3).reverse();
      recent.replaceChildren(
        ...(made.length
          ? made.map((score, i) => h("li", { class: i < (s.new || 0) ? "is-new" : "", dataset: { seat: String(score.seat), points: String(score.points), for: score.for } }, mixed(scoreLine(score))))
          : [h("li", { class: "kiosk-yibai__none" }, W.noScores)]),
      );
    }

    // A reader's race, kept in the tab (kiosk.js's readerKeep): where it stands is saved with every move of its
    // deals (play.js keeps a deal's moves through raceKeep), and the next deal's start once a deal is over.
    const keep = options.keep || null;
    /** The race as it stands: the deals before the one to play (or being played), its dealer, the score it starts from. */
    function position() {
      if (dealOver && sitting) return { deals, dealer: sitting.next_dealer != null ? sitting.next_dealer : dealer, sitting };
      return { deals: deals - 1, dealer, sitting: atStart };
    }
    const raceKeep = keep && {
      save: (hand) => keep.save({ ...hand, race: position() }),
      clear: () => keep.save({ rules: RULES, players: 3, race: position(), seed: null, actions: [] }),
    };
    const saved = keep && options.resume && options.resume.rules === RULES ? options.resume.race : null;
    if (saved && Number.isInteger(saved.deals) && saved.deals >= 0 && Number.isInteger(saved.dealer)) {
      deals = saved.deals;
      dealer = saved.dealer;
      sitting = saved.sitting && Array.isArray(saved.sitting.totals) ? saved.sitting : null;
    }

    function playDeal(resume) {
      if (!alive) return;
      if (stopDeal) stopDeal();
      deals += 1;
      dealOver = false;
      table.replaceChildren();
      atStart = sitting;
      const carried = sitting ? { totals: sitting.totals, targets: sitting.targets, chaos: sitting.chaos } : null;
      drawBoard();
      const deal = { dealer, options: { yibai_target: target }, ...(carried ? { sitting: carried } : {}) };
      if (tuning.seed != null) deal.seed = tuning.seed + deals - 1; // tests fix the sitting
      stopDeal = window.changpaiKioskPlay.mount(table, {
        ...(raceKeep ? { keep: raceKeep, resume } : {}),
        lang,
        rules: RULES,
        title: mixed(W.title + " · " + W.dealNo(deals)),
        deal,
        againLabel: W.next,
        onAgain: nextDeal,
        onAnswer(answer) {
          if (!answer.sitting) return;
          sitting = answer.sitting;
          dealOver = !!answer.over;
          lastSeed = (answer.state || {}).seed;
          drawBoard();
        },
        stopWhen: (answer) => !!answer.sitting && answer.sitting.winner != null,
        onEnd: end,
      });
    }

    /** The deal is over and nobody has reached the target: the engine says who deals the next. A deal that did not
     * finish (the engine was restarted, or failed and the visitor asked again) is dealt again from its start. */
    function nextDeal() {
      if (sitting && sitting.winner != null) return restart();
      if (!dealOver) {
        sitting = atStart;
        deals -= 1;
      } else if (sitting && sitting.next_dealer != null) dealer = sitting.next_dealer;
      playDeal();
    }

    function restart() {
      if (options.onAgain) options.onAgain();
    }

    function end(answer, dealBoard) {
      if (keep) keep.clear(); // (the race is over: nothing to carry on with)
      const s = answer.sitting;
      const won = s.winner;
      const last = (s.scores || [])[s.scores.length - 1];
      drawBoard();
      const againButton = h("button", { type: "button", class: "kiosk-btn kiosk-play__again kiosk-yibai__again" }, W.again);
      againButton.addEventListener("click", restart);
      const box = h(
        "section",
        { class: "kiosk-play__settlement kiosk-yibai__end", role: "dialog", "aria-label": W.endTitle, dataset: { winner: String(won), totals: JSON.stringify(s.totals), midDeal: String(!answer.over), seed: String(lastSeed) } },
        h("h2", {}, W.endTitle),
        h("p", { class: "kiosk-play__headline kiosk-yibai__headline" }, mixed(won === HUMAN ? W.youWon(s.targets[won]) : W.botWon(name(won), s.targets[won]))),
        last ? h("p", { class: "kiosk-yibai__last" }, mixed(W.howWon + scoreLine(last))) : null,
        h("p", { class: "kiosk-yibai__when" }, mixed(answer.over ? W.atDealEnd : W.midDeal)),
        h(
          "ul",
          { class: "kiosk-play__payments kiosk-yibai__totals", "aria-label": W.totals },
          s.totals.map((n, seat) => h("li", { class: seat === won ? "is-plus" : "", dataset: { seat: String(seat), zi: String(n) } }, mixed(name(seat) + " " + W.zi(n, s.targets[seat])))),
        ),
        h("p", { class: "kiosk-yibai__deals" }, W.deals(deals)),
        againButton,
        keep ? null : h("p", { class: "kiosk-yibai__reset" }, W.reset), // (a reader's page never resets itself)
      );
      dealBoard.append(box);
      againButton.focus({ preventScroll: true });
    }

    playDeal(saved ? options.resume : null);
    // for the tests: the engine's latest sitting answer and how many deals were dealt
    window.changpaiKioskYibai.current = { sitting: () => sitting, deals: () => deals };

    return function stop() {
      alive = false;
      if (stopDeal) stopDeal();
      stopDeal = null;
    };
  }

  window.changpaiKioskYibai = { mount, tuning: {}, current: null, RULE_TARGET };
})();
