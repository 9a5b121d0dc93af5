/* 红点点 deal viewer: steps through an annotated 红点点 deal whose frames were computed at build time
 * (changpai.hongdiandian.record.frames, turned into the visitor's words by sitebuild/ext_hongdiandian_deals.py and
 * written to assets/hongdiandian/ID.json). Every frame is a full snapshot, so rendering is a pure function of the
 * step index; no rule of the game is known here. The static version rendered at build time stays until the
 * frames arrive, and stays for good if they cannot be fetched. */
(function () {
  "use strict";
  const { h, text } = window.cp;
  const C = window.cpCards;
  const SCHEME = "luzhou"; // Wuchuan's colours: the same folder the build draws the static frame with

  const UI = {
    zh: {
      first: "回到开头", prev: "上一步", next: "下一步", last: "跳到结尾",
      step: (i, n) => "第 " + i + " / " + n + " 步", start: "开局",
      hand: "手牌", units: "摆出的牌", none: "无", dealer: "庄家", toMove: "该出手",
      stock: (n) => "底牌剩 " + n + " 张", offerTurned: (n) => n + " 翻出的底牌", offerDiscard: (n) => n + " 打出的牌",
      note: "讲解", question: "想一想", right: "答对了！", wrong: "不对。", answer: "正确答案：",
      win: (n, p, c, l) => n + " 胡：" + p + " 点红，" + c + "，" + l + " 层", paidBy: (list) => list + " 付。",
      bao: (n, r, list) => n + " 包牌（" + r + "），赔 " + list + "。", hua: "花胡", split: "胡的这手牌",
      keys: "键盘：← → 走一步，Home/End 到头/到尾", sep: "、",
      frames: (why) => "无法取得这一局的步骤：" + why, viewer: "红点点牌局回放",
    },
    en: {
      first: "Go to start", prev: "Previous step", next: "Next step", last: "Go to end",
      step: (i, n) => "Step " + i + " of " + n, start: "Start",
      hand: "Hand", units: "Laid out", none: "none", dealer: "dealer", toMove: "to act",
      stock: (n) => n + " cards left in the stock", offerTurned: (n) => "Turned up from the stock by " + n, offerDiscard: (n) => "Discarded by " + n,
      note: "Commentary", question: "Your turn to think", right: "Right!", wrong: "Not quite.", answer: "The answer: ",
      win: (n, p, c, l) => n + " wins: " + p + " red points, " + c + ", " + l + " 层", paidBy: (list) => "Paid by " + list + ".",
      bao: (n, r, list) => n + " commits 包牌 (" + r + ") and pays " + list + ".", hua: "flowered (花)", split: "The winning hand",
      keys: "Keys: ← → one step, Home/End start/end", sep: ", ",
      frames: (why) => "Could not fetch this deal's steps: " + why, viewer: "红点点 deal viewer",
    },
  };
  const svg = (d) => '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="' + d + '"/></svg>';
  const ICONS = {
    first: svg("M6 5h2v14H6zM20 5v14L9 12z"),
    prev: svg("M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z"),
    next: svg("M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z"),
    last: svg("M16 5h2v14h-2zM4 5v14l11-7z"),
  };

  function touchScreen() {
    return (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) || navigator.maxTouchPoints > 0;
  }

  function mount(el, lang, view) {
    const L = UI[lang];
    const id = el.dataset.deal || "deal";
    const steps = view.steps;
    const last = steps.length - 1;
    const state = { index: 0, answered: new Map() };
    const t = (v) => text(v, lang);
    const cards = (value, size) => C.row(value || "", { scheme: SCHEME, lang, size: size || "s", empty: L.none });

    const btn = (name) => {
      const b = h("button", { type: "button", class: "cp-btn cp-btn--icon cp-hdd__btn cp-hdd__" + name, "aria-label": L[name], title: L[name] });
      b.innerHTML = ICONS[name];
      return b;
    };
    const buttons = { first: btn("first"), prev: btn("prev"), next: btn("next"), last: btn("last") };
    const counter = h("span", { class: "cp-hdd__counter" });
    const live = h("p", { class: "cp-visually-hidden cp-hdd__announce", "aria-live": "polite", "aria-atomic": "true" });
    const toolbar = h(
      "div",
      { class: "cp-hdd__toolbar", role: "toolbar", "aria-label": t(view.title) },
      buttons.first, buttons.prev, buttons.next, buttons.last, counter,
    );
    const side = h("div", { class: "cp-hdd__side" });
    const table = h("div", { class: "cp-hdd__table" });
    const root = h(
      "div",
      { class: "cp-hdd__live", tabindex: "0", "aria-roledescription": L.viewer },
      h("h3", { class: "cp-hdd__title" }, t(view.title), " ", h("small", {}, t(view.rules.title))),
      toolbar,
      side,
      table,
      touchScreen() ? null : h("p", { class: "cp-hdd__keys cp-muted" }, L.keys),
      live,
    );

    function renderSeat(step, seat) {
      const s = seat.seat;
      const acting = step.to_move.some((n) => n.zh === seat.name.zh);
      const units = h("span", { class: "cp-hdd__units" });
      for (const u of step.units[s] || []) {
        units.append(h("span", { class: "cp-meld cp-hdd__unit cp-hdd__unit--" + u.kind }, cards(u.cards), h("span", { class: "cp-meld__label" }, t(u.name))));
      }
      return h(
        "div",
        { role: "group", class: "cp-seat cp-hdd__seat" + (acting ? " cp-seat--to-act" : "") + (step.seat === s ? " cp-seat--actor" : ""), "aria-label": t(seat.name), dataset: { seat: String(s) } },
        h(
          "div",
          { class: "cp-seat__head" },
          h("strong", { class: "cp-seat__name" }, t(seat.name)),
          seat.dealer ? h("span", { class: "cp-badge cp-badge--dealer" }, t(seat.role)) : null,
          acting ? h("span", { class: "cp-badge cp-badge--act" }, L.toMove) : null,
        ),
        h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.hand), cards(step.hands[s], "m")),
        units.childNodes.length ? h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.units), units) : null,
      );
    }

    function renderQuestion(step, i) {
      const q = step.question;
      const feedback = h("div", { class: "cp-question__feedback", "aria-live": "polite" });
      const choices = h("div", { class: "cp-question__choices" });
      const show = (chosen) => {
        const right = q.choices.some((c) => c.id === chosen && c.right);
        const answer = q.choices.filter((c) => c.right).map((c) => t(c.label)).join(L.sep);
        feedback.replaceChildren(
          h("p", { class: right ? "cp-ok" : "cp-bad" }, right ? L.right : L.wrong + " " + L.answer + answer),
          q.explain ? h("p", {}, t(q.explain)) : null,
        );
        for (const b of choices.children) {
          b.setAttribute("aria-pressed", String(b.dataset.choice === chosen));
          b.classList.toggle("cp-choice--right", q.choices.some((c) => c.id === b.dataset.choice && c.right));
        }
      };
      for (const c of q.choices) {
        choices.append(
          h("button", { type: "button", class: "cp-btn cp-choice cp-hdd__choice", "aria-pressed": "false", dataset: { choice: c.id }, onclick: () => { state.answered.set(i, c.id); show(c.id); } }, t(c.label)),
        );
      }
      const box = h("div", { class: "cp-question" }, h("h4", {}, L.question), h("p", { class: "cp-question__prompt" }, t(q.prompt)), choices, feedback);
      if (state.answered.has(i)) show(state.answered.get(i));
      return box;
    }

    function renderResult(r) {
      if (r.type === "win") {
        const payers = r.paid_by.map(t).join(L.sep);
        return h(
          "div",
          { class: "cp-hdd__result cp-settlement", dataset: { points: String(r.points), layers: String(r.layers) } },
          h("p", { class: "cp-hdd__result-head" }, h("strong", {}, L.win(t(r.name), r.points, t(r["class"]), r.layers))),
          r.when ? h("p", {}, t(r.when) + (r.hua ? L.sep + L.hua : "")) : null,
          h("p", { class: "cp-hdd__split", "aria-label": L.split }, r.split.map((u) => h("span", { class: "cp-hdd__unit" }, cards(u.cards)))),
          payers ? h("p", {}, L.paidBy(payers)) : null,
        );
      }
      if (r.type === "bao") {
        return h("div", { class: "cp-hdd__result cp-hdd__result--bao cp-settlement" }, h("p", {}, h("strong", {}, L.bao(t(r.name), t(r.rule), r.pays.map(t).join(L.sep)))));
      }
      return null;
    }

    function render() {
      const i = state.index;
      const step = steps[i];
      counter.textContent = i === 0 ? L.start + " · " + L.step(0, last) : L.step(i, last);
      buttons.first.disabled = buttons.prev.disabled = i === 0;
      buttons.next.disabled = buttons.last.disabled = i === last;
      const parts = [];
      if (step.action) parts.push(h("p", { class: "cp-hdd__action" }, h("strong", {}, t(step.action))));
      if (step.note) parts.push(h("div", { class: "cp-hdd__note" }, h("h4", { class: "cp-visually-hidden" }, L.note), h("p", {}, t(step.note))));
      for (const e of step.events || []) parts.push(h("p", { class: "cp-hdd__event cp-bad" }, t(e)));
      if (step.question) parts.push(renderQuestion(step, i));
      if (step.result) parts.push(renderResult(step.result));
      side.replaceChildren(...parts);
      const center = h(
        "div",
        { class: "cp-hdd__center" },
        typeof step.stock_left === "number" ? h("span", { class: "cp-hdd__stock" }, L.stock(step.stock_left)) : null,
        step.offer
          ? h("span", { class: "cp-hdd__offer" }, (step.offer.turned ? L.offerTurned : L.offerDiscard)(t(step.offer.from)) + " ", cards(step.offer.card, "m"))
          : null,
      );
      table.replaceChildren(center, ...view.seats.map((seat) => renderSeat(step, seat)));
      el.dataset.step = String(i);
      live.textContent = counter.textContent + (step.action ? " · " + t(step.action) : "") + (step.result ? " · " + side.lastChild.textContent : "");
    }

    function go(i, fromUser) {
      const next = Math.max(0, Math.min(last, i));
      if (next === state.index && fromUser) return;
      state.index = next;
      render();
      if (fromUser && history.replaceState) history.replaceState(null, "", "#hdd-deal-" + id + "-" + next);
    }
    buttons.first.addEventListener("click", () => go(0, true));
    buttons.prev.addEventListener("click", () => go(state.index - 1, true));
    buttons.next.addEventListener("click", () => go(state.index + 1, true));
    buttons.last.addEventListener("click", () => go(last, true));
    root.addEventListener("keydown", (event) => {
      let handled = true;
      if (event.key === "ArrowRight") go(state.index + 1, true);
      else if (event.key === "ArrowLeft") go(state.index - 1, true);
      else if (event.key === "Home") go(0, true);
      else if (event.key === "End") go(last, true);
      else handled = false;
      if (handled) event.preventDefault();
    });

    const m = new RegExp("^#hdd-deal-" + id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "-(\\d+)$").exec(location.hash);
    if (m) state.index = Math.min(Number(m[1]), last);
    const staticView = el.querySelector(".cp-hdd-static");
    if (staticView) staticView.hidden = true;
    el.append(root);
    el.classList.add("cp-hdd--live");
    render();
  }

  // The frames are fetched when the deal comes near the screen (or at once without IntersectionObserver).
  function mountWhenNear(el, lang) {
    if (el.dataset.framesState) return; // mounted already (instant navigation re-runs the mounting)
    const data = el.querySelector(".cp-hdd-frames");
    const src = data && data.dataset.src;
    if (!src) return;
    const load = () => {
      el.dataset.framesState = "loading";
      fetch(new URL(src, document.baseURI))
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(src + ": " + r.status))))
        .then(
          (view) => {
            el.dataset.framesState = "loaded";
            mount(el, lang, view);
          },
          (err) => {
            el.dataset.framesState = "failed";
            const why = String((err && err.message) || err);
            el.append(window.cp.errorBox({ code: "frames", zh: UI.zh.frames(why), en: UI.en.frames(why) }, lang));
          },
        );
    };
    if (location.hash.startsWith("#hdd-deal-" + (el.dataset.deal || "") + "-")) {
      load();
      return;
    }
    el.dataset.framesState = "waiting";
    window.cp.whenNear(el, load);
  }

  window.cp.widget("hdd-deal", mountWhenNear);
})();
