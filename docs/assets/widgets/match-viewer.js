/* Match viewer: a sitting of several deals (sitebuild/ext_matches.py). The page already holds, readable without
 * scripts, the table of deals with the score after each and every deal's first frame; this file makes each row a
 * button. Choosing a deal opens it in the step-through deal viewer (deal-viewer.js: the same widget, mounted on a
 * new element), which fetches that deal's frames then, not before. Every word shown is the page's or the engine's
 * (seat names, the tradition's word for a win, the dealer's role), read from the match data. */
(function () {
  "use strict";
  const { h, text } = window.cp;

  const UI = {
    zh: {
      deal: (w) => w, shuffler: "洗牌", nobody: "没人",
      caption: (w) => "每一" + w + "打完后各家的总分（括号里是这一" + w + "的输赢）",
      choose: (w) => "点一" + w + "的编号，就能一步一步看那一" + w + "。",
      open: (w, n, t) => "看第 " + n + " " + w + "：" + t, prev: (w) => "上一" + w, next: (w) => "下一" + w,
      of: (w, n, all) => "第 " + n + " / " + all + " " + w,
      // a race (一百): each seat's own 子 and target, nobody pays
      raceCaption: (w) => "每一" + w + "打完后各家的子（括号里是这一" + w + "得的子，被抄是负数）；不付钱，谁先满目标谁胜",
      needs: (n) => "要满 " + n,
      raceWon: (who, n) => who + "胜：先满 " + n + " 子",
      stopped: (w) => "；最后一" + w + "没打完就结束了",
      // the table may change seats (泸州): totals are each person's, named by the seat he sat in at first
      peopleCaption: (w) => "每一" + w + "打完后各人的总分（人按第一" + w + "坐的座位称呼，输赢跟人走，不跟座位；括号里是这一" + w + "的输赢）",
      reseat: (w, n, seats, people) => "第 " + n + " " + w + "起换座（" + seats.join("") + "座上依次是" + people.join("") + "）",
    },
    en: {
      deal: () => "Deal", shuffler: "Shuffled", nobody: "nobody",
      caption: () => "Each seat's score after every deal (in brackets, what the deal itself paid)",
      choose: () => "Choose a deal's number to step through that deal.",
      open: (w, n, t) => "Step through deal " + n + ": " + t, prev: () => "Previous deal", next: () => "Next deal",
      of: (w, n, all) => "Deal " + n + " of " + all,
      raceCaption: () => "Each seat's points (子) after every deal (in brackets, the points made in that deal; a 抄 is negative); nobody pays, the first to reach the target wins",
      needs: (n) => "needs " + n,
      raceWon: (who, n) => who + " wins, the first to reach " + n + " 子",
      stopped: () => "; the last deal was left unfinished",
      peopleCaption: () => "Each player's score after every deal (players are named by their seat at the first deal; the score follows the player, not the seat; in brackets, what the deal itself paid)",
      reseat: (w, n, seats, people) => "seats change from deal " + n + " (seats " + seats.join(" ") + " now hold " + people.join(" ") + ")",
    },
  };
  const signed = (v) => (v > 0 ? "+" + v : String(v));

  function mount(el, lang) {
    const L = UI[lang];
    const word = el.dataset.dealWord || "盘"; // the tradition's word for one deal, when the page names it (乐山: 局)
    const data = el.querySelector(".cp-match-data");
    let match;
    try {
      match = JSON.parse(data.dataset.json);
    } catch (err) {
      el.append(window.cp.errorBox(err, lang));
      return;
    }
    const id = match.id;
    const deals = match.deals;
    const seatName = (i) => text(match.seats[i], lang);
    const state = { chosen: null };
    const race = match.ledger === "race"; // 一百: 子 per seat, not payments that sum to zero
    // Who sat in a seat, named as a person (person N: who sat in seat N at the first deal; nobody moves unless
    // the match says who sat where, by_person).
    const sitter = (deal, seat) => (deal.people ? deal.people[seat] : seat);
    const personName = (deal, seat) => seatName(sitter(deal, seat));

    // ---- the list of deals: the static table's columns, each row's number a button ---------------------------
    const head = [h("th", { scope: "col" }, L.deal(word))];
    if (match.shows_shuffler) head.push(h("th", { scope: "col" }, L.shuffler));
    head.push(h("th", { scope: "col" }, text(match.words.dealer, lang)), h("th", { scope: "col" }, text(match.words.win, lang)));
    for (const seat of match.seats) head.push(h("th", { scope: "col", class: "cp-match__seat" }, text(seat, lang)));
    const buttons = [];
    const rows = deals.map((deal, k) => {
      const button = h(
        "button",
        {
          type: "button",
          class: "cp-btn cp-match__open",
          "aria-pressed": "false",
          "aria-label": L.open(word, deal.number, text(deal.title, lang)),
          title: text(deal.title, lang),
          dataset: { deal: String(deal.number) },
          onclick: () => choose(k, true),
        },
        String(deal.number),
      );
      buttons.push(button);
      const cells = [h("th", { scope: "row" }, button)];
      if (match.shows_shuffler) cells.push(h("td", { class: "cp-match__shuffler" }, personName(deal, deal.shuffler)));
      cells.push(h("td", { class: "cp-match__dealer" }, personName(deal, deal.dealer)));
      cells.push(h("td", { class: "cp-match__winner" }, deal.winner == null ? L.nobody : personName(deal, deal.winner)));
      deal.totals.forEach((total, seat) => {
        cells.push(
          h(
            "td",
            { class: "cp-match__score", dataset: { seat: String(seat) } },
            h("span", { class: "cp-match__total" }, String(total)),
            " ",
            h("span", { class: "cp-match__change" }, "(" + signed(deal.payments[seat]) + ")"),
            race && deal.targets[seat] !== match.target ? [" ", h("span", { class: "cp-match__target" }, L.needs(deal.targets[seat]))] : null,
          ),
        );
      });
      return h("tr", { dataset: { deal: String(deal.number) } }, cells);
    });
    // A line across the table where the seats change (第 N 盘起换座), before that deal's row.
    const body = [];
    deals.forEach((deal, k) => {
      if (deal.reseat) {
        const line = L.reseat(word, deal.number, match.seats.map((s) => text(s, lang)), deal.people.map((p) => seatName(p)));
        body.push(h("tr", { class: "cp-match__reseat", dataset: { reseat: String(deal.number) } }, h("td", { colspan: String(head.length) }, line)));
      }
      body.push(rows[k]);
    });
    const table = h(
      "table",
      { class: "cp-match__table cp-match__list" },
      h("caption", {}, race ? L.raceCaption(word) : match.by_person ? L.peopleCaption(word) : L.caption(word)),
      h("thead", {}, h("tr", {}, head)),
      h("tbody", {}, body),
    );
    table.addEventListener("keydown", (event) => {
      const k = buttons.indexOf(event.target);
      if (k < 0) return;
      const to = event.key === "ArrowDown" ? k + 1 : event.key === "ArrowUp" ? k - 1 : event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : null;
      if (to == null) return;
      event.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
    });

    // ---- the chosen deal: a heading with previous/next, and a deal viewer mounted on a fresh element -----------
    const counter = h("span", { class: "cp-match__counter", "aria-live": "polite" });
    const prevBtn = h("button", { type: "button", class: "cp-btn cp-match__prev", onclick: () => choose(state.chosen - 1, true) }, "‹ " + L.prev(word));
    const nextBtn = h("button", { type: "button", class: "cp-btn cp-match__next", onclick: () => choose(state.chosen + 1, true) }, L.next(word) + " ›");
    const nav = h("div", { class: "cp-match__nav", hidden: true }, prevBtn, counter, nextBtn);
    const stage = h("div", { class: "cp-match__stage" });
    const hint = h("p", { class: "cp-match__hint" }, L.choose(word));
    const root = h(
      "div",
      { class: "cp-match__live", "aria-roledescription": lang === "en" ? "match viewer" : "整场回放" },
      h("h3", { class: "cp-match__title" }, text(match.title, lang)),
      match.intro ? h("p", { class: "cp-match__intro" }, text(match.intro, lang)) : null,
      table,
      race && match.race_winner != null
        ? h(
            "p",
            { class: "cp-match__race-end" },
            L.raceWon(seatName(match.race_winner), match.targets[match.race_winner]) + (deals[deals.length - 1].stopped ? L.stopped(word) : ""),
          )
        : null,
      hint,
      h("section", { class: "cp-match__viewer", "aria-label": text(match.title, lang) }, nav, stage),
    );
    const staticView = el.querySelector(".cp-match-static");
    if (staticView) staticView.hidden = true;
    el.append(root);
    el.classList.add("cp-match--live");

    function choose(k, fromUser) {
      if (k < 0 || k >= deals.length) return;
      const deal = deals[k];
      const same = state.chosen === k;
      state.chosen = k;
      buttons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === k)));
      rows.forEach((r, i) => r.classList.toggle("cp-match__row--chosen", i === k));
      counter.textContent = L.of(word, deal.number, deals.length);
      prevBtn.disabled = k === 0;
      nextBtn.disabled = k === deals.length - 1;
      nav.hidden = false;
      hint.hidden = true;
      root.dataset.deal = String(deal.number);
      if (!same) {
        // The deal viewer mounts on any [data-cp-widget="deal"] with its frames' address (deal-viewer.js); a deal
        // of another game names its own viewer (widget: "chuopai" opens chuopai-viewer.js, which loads at once).
        const viewer = deal.widget === "chuopai"
          ? h(
            "div",
            {
              class: "cp-chuo cp-match__deal", "data-cp-widget": "chuopai", "data-cp-chuopai": deal.id, id: "deal-" + deal.id,
              "data-lang": lang, "data-src": deal.src, "data-cards": deal.cards, "data-words": JSON.stringify(deal.words), "data-autoload": "1",
            },
            h("div", { class: "cp-chuo-frame", dataset: { step: "0" } }),
          )
          : h(
            "div",
            { class: "cp-deal cp-match__deal", "data-cp-widget": "deal", "data-deal": deal.id, id: "deal-" + deal.id },
            h("div", { class: "cp-widget-data cp-deal-frames", hidden: true, "data-src": deal.src }),
          );
        stage.replaceChildren(viewer);
        window.cp.mountAll();
      }
      if (fromUser) {
        history.replaceState(history.state, "", "#match-" + id + "-" + deal.number);
        nav.scrollIntoView({ block: "start", behavior: window.cp.reducedMotion() ? "auto" : "smooth" });
      }
    }

    // #match-ID-N opens deal N; #deal-match-ID-N-M (a step's link, made by the deal viewer) opens it at step M.
    function fromHash() {
      const m = new RegExp("^#(?:match-" + esc(id) + "-(\\d+)|deal-match-" + esc(id) + "-(\\d+)-\\d+)$").exec(location.hash);
      if (!m) return;
      const k = Number(m[1] || m[2]) - 1;
      if (k !== state.chosen) choose(k, false);
      nav.scrollIntoView({ block: "start" });
    }
    const onHash = () => fromHash();
    window.addEventListener("hashchange", onHash);
    const observer = new MutationObserver(() => {
      if (!document.contains(el)) {
        window.removeEventListener("hashchange", onHash);
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    fromHash();
  }

  function esc(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  window.cp.widget("match", mount);
})();
