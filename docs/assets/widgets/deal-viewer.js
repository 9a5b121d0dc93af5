/* Deal viewer: steps through an annotated deal whose frames were computed at build time
 * (changpai.daer.record.frames, embedded by sitebuild/ext_tutorials.py). The frames hold a full snapshot
 * per step, so the controller keeps only the step index and view flags, and rendering is a pure
 * function of them. When the in-page engine is ready, question steps gain its analysis. */
(function () {
  "use strict";
  const { h, text } = window.cp;
  const C = window.cpCards;

  const UI = {
    zh: {
      first: "回到开头", prev: "上一步", next: "下一步", last: "跳到结尾", play: "自动播放", pause: "暂停",
      speed: "速度", view: "视角", allHands: "所有人的牌", seatView: (n) => n + " 的视角",
      step: (i, n) => "第 " + i + " / " + n + " 步", start: "开局", steps: "全部步骤",
      hand: "手牌", melds: "桌上的牌组", discards: "打出的牌", stock: (n) => "底牌剩 " + n + " 张",
      faceUp: "翻开的牌", toAct: "该出手", mayClaim: "可以进这张牌", hidden: (n) => n + " 张（不公开）", none: "无",
      note: "讲解", events: "规则事件", question: "想一想", check: "答对了！", wrong: "不对。", answer: "正确答案：",
      settlement: "结算", winner: (w) => w + "牌：", noWinner: (w) => "无人" + w + "牌", points: "分数", payments: "输赢",
      analysis: "引擎分析", legal: "此时这一家可以做的：", tryHint: "点一个试试：引擎会告诉你接下来会怎样。", waits: "叫牌（等的牌）：", analysing: "引擎正在分析……",
      keys: "键盘：← → 走一步，Home/End 到头/到尾，空格 播放/暂停",
      roles: { dealer: "庄家", player: "闲家", sitter: "坐底", xiaojia: "小家" }, pts: (p, w) => p + " " + w,
      copyLink: "本步链接", copied: "链接已复制", copyFailed: "复制不了，链接在这里：", noFrames: "这局牌没有可显示的步骤", drawn: "暗摸的牌",
      discarded: (n) => n + " 打出的牌", turnedUp: (n) => n + " 从底牌翻开的牌", wins: (n, p, w, u) => n + " " + w + "了，" + p + " " + u,
      handSets: (w) => w + "的这手牌", patternsHead: "名堂", pays: (p) => "按 " + p + " 分结算", rightOne: "正确的一项已标出",
    },
    en: {
      first: "Go to start", prev: "Previous step", next: "Next step", last: "Go to end", play: "Autoplay", pause: "Pause",
      speed: "Speed", view: "View", allHands: "All hands", seatView: (n) => n + "’s view",
      step: (i, n) => "Step " + i + " of " + n, start: "Start", steps: "All steps",
      hand: "Hand", melds: "Sets on the table", discards: "Discards", stock: (n) => n + " cards left in the stock",
      faceUp: "Turned-up card", toAct: "to act", mayClaim: "may claim the card", hidden: (n) => n + " cards (hidden)", none: "none",
      note: "Commentary", events: "Rule events", question: "Your turn to think", check: "Right!", wrong: "Not quite.",
      answer: "The answer: ", settlement: "Settlement", winner: () => "Winner: ", noWinner: () => "Nobody won", points: "score",
      payments: "Payments", analysis: "Engine analysis", legal: "What this seat may do now:",
      tryHint: "Try one: the engine shows what would follow.", waits: "Ready, waiting for: ",
      analysing: "The engine is analysing…", keys: "Keys: ← → one step, Home/End start/end, space play/pause",
      roles: { dealer: "dealer", player: "player", sitter: "sits out", xiaojia: "xiaojia (4th)" }, pts: (p) => p + " pts",
      copyLink: "Link to this step", copied: "Link copied", copyFailed: "Could not copy; here is the link: ", noFrames: "This deal has no steps to show", drawn: "Drawn privately",
      discarded: (n) => "Discarded by " + n, turnedUp: (n) => "Turned up from the stock by " + n, wins: (n, p) => n + " wins with " + p + " points",
      handSets: () => "The winning hand", patternsHead: "Patterns", pays: (p) => "Settled at " + p, rightOne: "the right choice is marked",
    },
  };
  // Inline icons: no icon font to load, and they read the same in every face.
  const svg = (d) => '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="' + d + '"/></svg>';
  const ICONS = {
    first: svg("M6 5h2v14H6zM20 5v14L9 12z"),
    prev: svg("M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z"),
    play: svg("M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-2 5.5 6 4.5-6 4.5z"),
    pause: svg("M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM9 7h2v10H9zm4 0h2v10h-2z"),
    next: svg("M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z"),
    link: svg("M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2-1.4-1.4 2-2a1 1 0 1 0-1.4-1.4L12 13.4a1 1 0 0 1-1.4 0zM13.4 10.6a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2 1.4 1.4-2 2a1 1 0 1 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0z"),
    last: svg("M16 5h2v14h-2zM4 5v14l11-7z"),
  };
  const SPEEDS = [0.5, 1, 2, 4];
  const BASE_DELAY = 1800; // ms per step at 1×

  function touchScreen() {
    return (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) || navigator.maxTouchPoints > 0;
  }

  function readFrames(el) {
    const data = el.querySelector(".cp-widget-data");
    if (!data) throw new Error("no frames for this deal (data-deal=" + el.dataset.deal + ")");
    return JSON.parse(data.dataset.json);
  }

  function mount(el, lang) {
    const L = UI[lang];
    const id = el.dataset.deal || "deal";
    const staticView = el.querySelector(".cp-deal-static");
    let frames;
    try {
      frames = readFrames(el);
      if (!frames.steps || !frames.steps.length) throw new Error(L.noFrames);
    } catch (err) {
      el.append(window.cp.errorBox(err, lang));
      return;
    }
    const steps = frames.steps;
    const scheme = C.schemeFor(frames.rules);
    const word = C.pointWord(frames.rules); // the tradition's words for points and for the win (和 in Leshan, 胡 elsewhere)
    const win = C.winWord(frames.rules);
    const seatName = (i) => (frames.seats[i] ? text(frames.seats[i].name, lang) : "#" + (i + 1));
    const state = { index: 0, view: "all", playing: false, speed: 1, timer: null, answered: new Map() };

    // ---- static skeleton -------------------------------------------------------------------------------------
    const btn = (label, icon, cls) => {
      const b = h("button", { type: "button", class: "cp-btn cp-btn--icon " + cls, "aria-label": label, title: label });
      b.innerHTML = ICONS[icon];
      return b;
    };
    const firstBtn = btn(L.first, "first", "cp-deal__first");
    const prevBtn = btn(L.prev, "prev", "cp-deal__prev");
    const playBtn = btn(L.play, "play", "cp-deal__play cp-btn--labelled");
    // Autoplay carries its word as well as its icon: "next" and "play" must not look alike.
    const playFace = (playing) => ICONS[playing ? "pause" : "play"] + '<span class="cp-btn__label">' + (playing ? L.pause : L.play) + "</span>";
    playBtn.innerHTML = playFace(false);
    const linkBtn = h("button", { type: "button", class: "cp-btn cp-btn--labelled cp-deal__link" });
    linkBtn.innerHTML = ICONS.link + '<span class="cp-btn__label">' + L.copyLink + "</span>";
    const linkNote = h("span", { class: "cp-deal__link-note", "aria-live": "polite" });
    const nextBtn = btn(L.next, "next", "cp-deal__next");
    const lastBtn = btn(L.last, "last", "cp-deal__last");
    const counter = h("span", { class: "cp-deal__counter" });
    const speedSelect = h(
      "select",
      { class: "cp-select cp-deal__speed", "aria-label": L.speed },
      SPEEDS.map((s) => h("option", { value: String(s), selected: s === 1 }, s + "×")),
    );
    const viewSelect = h(
      "select",
      { class: "cp-select cp-deal__view", "aria-label": L.view },
      h("option", { value: "all" }, L.allHands),
      frames.seats.map((s) => h("option", { value: String(s.seat) }, L.seatView(text(s.name, lang)))),
    );
    const toolbar = h(
      "div",
      { class: "cp-deal__toolbar", role: "toolbar", "aria-label": text(frames.title, lang) },
      h("span", { class: "cp-deal__buttons" }, firstBtn, prevBtn, nextBtn, lastBtn),
      counter,
      playBtn,
      h("label", { class: "cp-deal__field" }, h("span", {}, L.speed), speedSelect),
      h("label", { class: "cp-deal__field" }, h("span", {}, L.view), viewSelect),
      linkBtn,
      linkNote,
    );
    const table = h("div", { class: "cp-deal__table" });
    const side = h("div", { class: "cp-deal__side" });
    const settleArea = h("div", { class: "cp-deal__settle" }); // full width: the winning hand needs the room
    const live = h("p", { class: "cp-visually-hidden cp-deal__live", "aria-live": "polite", "aria-atomic": "true" });
    const list = h("ol", { class: "cp-deal__list", start: "0" });
    const listItems = steps.map((step, i) => {
      const b = h("button", { type: "button", class: "cp-deal__jump", dataset: { step: String(i) } }, stepTitle(step, i));
      b.addEventListener("click", () => go(i, true));
      const li = h("li", {}, b);
      list.append(li);
      return b;
    });
    const details = h("details", { class: "cp-deal__steps" }, h("summary", {}, L.steps + " (" + steps.length + ")"), list);
    const status = window.cp.engineStatus(lang);
    const root = h(
      "div",
      { class: "cp-deal__live-view", tabindex: "0", "aria-roledescription": lang === "en" ? "deal viewer" : "牌局回放" },
      h("h3", { class: "cp-deal__title" }, text(frames.title, lang)),
      toolbar,
      h("div", { class: "cp-deal__body" }, table, side),
      settleArea,
      details,
      // A keyboard hint means nothing on a touch screen.
      touchScreen() ? null : h("p", { class: "cp-deal__keys" }, L.keys),
      status,
      live,
    );
    if (staticView) staticView.hidden = true;
    el.append(root);
    el.classList.add("cp-deal--live");
    // Docked on a phone, the note's box scrolls when the note is long: a fade at its foot says there is more
    // (widgets.css), until the reader scrolls to the end (a last line cut in half said nothing).
    const markMore = () => side.classList.toggle("cp-deal__side--more", side.scrollHeight - side.scrollTop - side.clientHeight > 1);
    side.addEventListener("scroll", markMore, { passive: true });
    if (window.ResizeObserver) {
      // On a phone the note docks under the sticky step buttons (widgets.css); it needs the toolbar's height.
      new ResizeObserver(() => root.style.setProperty("--cp-deal-toolbar-h", toolbar.offsetHeight + "px")).observe(toolbar);
      new ResizeObserver(markMore).observe(side);
    }

    function stepTitle(step, i) {
      if (step.action && step.action.label) return text(step.action.label, lang);
      return i === 0 ? L.start : L.step(i, steps.length - 1);
    }

    // ---- rendering (pure functions of state.index / state.view) ----------------------------------------------
    function renderSeat(step, seat) {
      const st = step.state;
      const seatInfo = frames.seats[seat] || { seat, role: "player" };
      const visible = state.view === "all" || Number(state.view) === seat;
      const handText = (st.hands && st.hands[seat]) || "";
      const handCards = C.parse(handText);
      const acting = st.to_act === seat;
      const claiming = (st.claimants || []).includes(seat);
      const actor = step.action && step.action.seat === seat;
      const head = h(
        "div",
        { class: "cp-seat__head" },
        h("strong", { class: "cp-seat__name" }, seatName(seat)),
        h("span", { class: "cp-badge cp-badge--" + seatInfo.role }, seatInfo.role_name ? text(seatInfo.role_name, lang) : L.roles[seatInfo.role] || seatInfo.role),
        acting ? h("span", { class: "cp-badge cp-badge--act" }, L.toAct) : null,
        claiming ? h("span", { class: "cp-badge cp-badge--claim" }, L.mayClaim) : null,
      );
      let hand;
      if (visible) {
        hand = C.row(handCards, { scheme, lang, size: "m", className: "cp-seat__hand", empty: L.none });
      } else {
        hand = h("span", { class: "cp-cards cp-seat__hand cp-seat__hand--hidden", "aria-label": L.hidden(handCards.length) });
        for (let i = 0; i < handCards.length; i++) hand.append(C.back("m"));
        hand.append(h("span", { class: "cp-seat__count" }, L.hidden(handCards.length)));
      }
      const melds = h("div", { class: "cp-seat__melds" });
      for (const meld of (st.melds && st.melds[seat]) || []) {
        melds.append(
          h(
            "span",
            { class: "cp-meld cp-meld--" + meld.kind },
            C.row(meld.cards, { scheme, lang, size: "s" }),
            h("span", { class: "cp-meld__label" }, text(meld.name, lang) + (meld.points ? " · " + L.pts(meld.points, word) : "")),
          ),
        );
      }
      const discards = (st.discards && st.discards[seat]) || "";
      return h(
        "div",
        {
          role: "group",
          class: "cp-seat" + (acting || claiming ? " cp-seat--to-act" : "") + (actor ? " cp-seat--actor" : ""),
          "aria-label": seatName(seat),
        },
        head,
        h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.hand), hand),
        melds.childNodes.length ? h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.melds), melds) : null,
        discards
          ? h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.discards), C.row(discards, { scheme, lang, size: "s" }))
          : null,
        // 小家's private draw (state.private): shown only when every hand is shown
        st.private && st.private.seat === seat && state.view === "all"
          ? h("div", { class: "cp-seat__row cp-seat__private" }, h("span", { class: "cp-seat__label" }, L.drawn), C.row(st.private.card, { scheme, lang, size: "s" }))
          : null,
      );
    }

    function renderTable(step) {
      const st = step.state || {};
      const center = h(
        "div",
        { class: "cp-deal__center" },
        typeof st.stock_left === "number" ? h("span", { class: "cp-deal__stock" }, L.stock(st.stock_left)) : null,
        st.face_up
          ? h("span", { class: "cp-deal__faceup" }, h("span", { class: "cp-deal__faceup-label" }, faceUpLabel(state.index) + " "), C.row(st.face_up, { scheme, lang, size: "m" }))
          : null,
      );
      table.replaceChildren(center, ...frames.seats.map((s) => renderSeat(step, s.seat)));
    }

    // Who put the face-up card there, and how: the last discard or turn up to this step.
    function faceUpLabel(i) {
      for (let k = i; k >= 0; k--) {
        const a = steps[k].action;
        if (!a) continue;
        if (a.type === "discard") return L.discarded(seatName(a.seat));
        if (a.type === "turn") return L.turnedUp(seatName(a.seat));
      }
      return L.faceUp;
    }

    function renderQuestion(step, i) {
      const q = step.question;
      const box = h(
        "div",
        { class: "cp-question" },
        h("h4", {}, L.question),
        h("p", { class: "cp-question__prompt" }, text(q.prompt, lang)),
      );
      const feedback = h("div", { class: "cp-question__feedback", "aria-live": "polite" });
      const choices = h("div", { class: "cp-question__choices" });
      const answer = new Set(q.answer || []);
      const show = (chosen) => {
        const right = answer.has(chosen);
        const answerText = (q.choices || []).filter((c) => answer.has(c.id)).map((c) => text(c.label, lang)).join(lang === "en" ? ", " : "、");
        feedback.replaceChildren(
          h("p", { class: right ? "cp-ok" : "cp-bad" }, right ? L.check : L.wrong + " " + L.answer + answerText),
          q.explain ? h("p", {}, text(q.explain, lang)) : null,
        );
        for (const b of choices.children) {
          b.setAttribute("aria-pressed", String(b.dataset.choice === chosen));
          b.classList.toggle("cp-choice--right", answer.has(b.dataset.choice));
        }
      };
      for (const c of q.choices || []) {
        choices.append(
          h(
            "button",
            {
              type: "button",
              class: "cp-btn cp-choice",
              "aria-pressed": "false",
              dataset: { choice: c.id },
              onclick: () => {
                state.answered.set(i, c.id);
                show(c.id);
              },
            },
            text(c.label, lang),
          ),
        );
      }
      box.append(choices, feedback);
      if (state.answered.has(i)) show(state.answered.get(i));
      return box;
    }

    // A deal nobody won: the engine's outcome says so, and how it is paid (无人胡牌，不付钱 / 和局：…); it heads the
    // settlement in place of the bare "nobody won", which would say it twice.
    function outcome(s) {
      if (s.winner != null) return null;
      if (!s.outcome) return L.noWinner(win); // (a deal not played out: only its violations are settled)
      const said = text(s.outcome, lang); // (a settlement line: English ones start in lower case)
      return said.charAt(0).toUpperCase() + said.slice(1);
    }

    function renderSettlement(s) {
      const rows = frames.seats.map((seat) => {
        const pay = s.payments ? s.payments[seat.seat] : null;
        return h(
          "tr",
          {},
          h("th", { scope: "row" }, seatName(seat.seat)),
          h("td", { class: pay > 0 ? "cp-ok" : pay < 0 ? "cp-bad" : "" }, pay == null ? "" : (pay > 0 ? "+" : "") + pay),
        );
      });
      const hand = s.hand || null;
      const handPoints = hand && typeof hand.points === "number" ? hand.points : null;
      const lines = s.lines || [];
      return h(
        "div",
        { class: "cp-settlement" },
        h("h4", {}, L.settlement),
        h(
          "p",
          { class: "cp-settlement__winner", dataset: handPoints == null ? {} : { points: String(handPoints) } },
          s.winner == null
            ? outcome(s)
            : handPoints != null
              ? L.wins(seatName(s.winner), handPoints, win, word)
              : L.winner(win) + seatName(s.winner),
        ),
        hand ? window.cpWin.draw(hand, { scheme, lang, word, title: L.handSets(win), patterns: L.patternsHead }) : null,
        s.winner != null && s.points != null ? h("p", { class: "cp-muted cp-settlement__basis" }, L.pays(s.points)) : null,
        lines.length ? h("ul", {}, lines.map((line) => h("li", {}, text(line, lang)))) : null,
        s.payments ? h("table", { class: "cp-settlement__table" }, h("caption", {}, L.payments), h("tbody", {}, rows)) : null,
      );
    }

    function renderSide(step, i) {
      const parts = [];
      if (step.action) {
        parts.push(
          h(
            "p",
            { class: "cp-deal__action" },
            h("strong", {}, text(step.action.label, lang)),
            step.action.cards ? C.row(step.action.cards, { scheme, lang, size: "s" }) : null,
          ),
        );
      }
      if (step.note) parts.push(h("div", { class: "cp-deal__note" }, h("h4", {}, L.note), h("p", {}, text(step.note, lang))));
      if (step.events && step.events.length) {
        parts.push(
          h(
            "div",
            { class: "cp-deal__events" },
            h("h4", {}, L.events),
            h("ul", {}, step.events.map((e) => h("li", { dataset: { code: e.code || "" } }, text(e, lang)))),
          ),
        );
      }
      if (step.question) parts.push(renderQuestion(step, i));
      settleArea.replaceChildren(...(step.settlement ? [renderSettlement(step.settlement)] : []));
      const analysis = h("div", { class: "cp-deal__analysis", hidden: true });
      parts.push(analysis);
      side.replaceChildren(...parts);
      if (step.question) analyse(step, i, analysis);
    }

    function liveText(step, i) {
      const bits = [L.step(i, steps.length - 1) + "."];
      if (step.action) bits.push(text(step.action.label, lang) + ".");
      if (step.note) bits.push(text(step.note, lang));
      for (const e of step.events || []) bits.push(text(e, lang));
      if (step.question) bits.push(L.question + ": " + text(step.question.prompt, lang));
      if (step.settlement) {
        const s = step.settlement;
        bits.push(L.settlement + ": " + (s.winner == null ? outcome(s) : L.winner(win) + seatName(s.winner)));
        for (const line of s.lines || []) bits.push(text(line, lang));
      }
      return bits.join(" ");
    }

    function render() {
      const i = state.index;
      const step = steps[i];
      counter.textContent = L.step(i, steps.length - 1);
      renderTable(step);
      renderSide(step, i);
      side.scrollTop = 0; // (each step's note from its start)
      markMore();
      live.textContent = liveText(step, i);
      listItems.forEach((b, k) => {
        if (k === i) b.setAttribute("aria-current", "step");
        else b.removeAttribute("aria-current");
      });
      firstBtn.disabled = prevBtn.disabled = i === 0;
      lastBtn.disabled = nextBtn.disabled = i === steps.length - 1;
      playBtn.setAttribute("aria-label", state.playing ? L.pause : L.play);
      playBtn.title = state.playing ? L.pause : L.play;
      playBtn.setAttribute("aria-pressed", String(state.playing));
      playBtn.innerHTML = playFace(state.playing);
      root.dataset.step = String(i);
    }

    // ---- engine analysis at question steps --------------------------------------------------------------------
    async function analyse(step, i, box) {
      const q = step.question;
      if (!window.cp.engine() || !q || !q.state) return;
      const seat = typeof q.seat === "number" ? q.seat : step.state.to_act;
      box.hidden = false;
      box.replaceChildren(h("h4", {}, L.analysis), h("p", { class: "cp-muted" }, L.analysing));
      const [legal, waits] = await Promise.all([
        window.cp.call({ command: "legal_actions", state: q.state, seat }),
        window.cp.call(C.waitsRequest(frames.rules, step.state.hands[seat], (step.state.melds || [])[seat])),
      ]);
      if (state.index !== i) return; // the reader has moved on
      const out = [h("h4", {}, L.analysis)];
      if (legal.error) out.push(window.cp.errorBox(legal.error, lang));
      else {
        const tried = h("div", { class: "cp-deal__tried", "aria-live": "polite" });
        const buttons = (legal.actions || []).map((a) =>
          h("button", { type: "button", class: "cp-btn cp-deal__try", dataset: { action: a.text }, onclick: () => tryAction(q.state, a, tried) }, text(a.label, lang) || a.text),
        );
        out.push(h("p", { class: "cp-deal__legal" }, L.legal), h("div", { class: "cp-question__choices" }, buttons.length ? buttons : L.none), h("p", { class: "cp-muted" }, L.tryHint), tried);
      }
      // Waits only make sense between turns (20 cards); at other moments the engine says so, and we stay quiet.
      if (!waits.error) {
        const list = (waits.waits || []).filter((w) => w.win !== false).map((w) => w.card);
        out.push(h("p", { class: "cp-deal__waits" }, L.waits, list.length ? C.row(list.join(""), { scheme, lang, size: "s" }) : L.none));
      }
      box.replaceChildren(...out);
    }

    // "What if": apply one legal action to the question's position and show what the engine says follows.
    async function tryAction(dealState, action, box) {
      box.replaceChildren(h("p", { class: "cp-muted" }, L.analysing));
      const r = await window.cp.call({ command: "apply", state: dealState, action: action.text });
      if (r.error) {
        box.replaceChildren(window.cp.errorBox(r.error, lang));
        return;
      }
      const seat = action.seat;
      const view = r.view || {};
      const parts = [h("p", {}, h("strong", {}, text(action.label, lang) || action.text))];
      for (const e of r.events || []) parts.push(h("p", { dataset: { code: e.code || "" } }, text(e, lang)));
      if (view.hands) parts.push(h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, seatName(seat)), C.row(view.hands[seat] || "", { scheme, lang, size: "s" })));
      if (r.settlement) parts.push(renderSettlement(r.settlement));
      box.replaceChildren(...parts);
    }

    // ---- controller -------------------------------------------------------------------------------------------
    function go(i, fromUser) {
      const next = Math.max(0, Math.min(steps.length - 1, i));
      if (next === state.index && root.dataset.step != null) return;
      state.index = next;
      render();
      if (fromUser) history.replaceState(history.state, "", "#deal-" + id + "-" + next);
    }

    function setPlaying(on) {
      state.playing = on && state.index < steps.length - 1;
      clearTimeout(state.timer);
      if (state.playing) schedule();
      render();
    }

    function schedule() {
      state.timer = setTimeout(() => {
        if (!state.playing) return;
        go(state.index + 1, true);
        if (state.index >= steps.length - 1) setPlaying(false);
        else schedule();
      }, BASE_DELAY / state.speed);
    }

    // Hold-to-repeat on prev/next: one step at once, then repeat while held (pointer events cover touch and mouse).
    function holdable(button, delta) {
      let timer = null;
      let fromPointer = false;
      const stop = () => {
        clearTimeout(timer);
        timer = null;
      };
      button.addEventListener("pointerdown", (event) => {
        if (event.button !== 0) return;
        fromPointer = true;
        setPlaying(false);
        go(state.index + delta, true);
        const repeat = (delay) => {
          timer = setTimeout(() => {
            go(state.index + delta, true);
            repeat(120);
          }, delay);
        };
        repeat(450);
      });
      for (const type of ["pointerup", "pointerleave", "pointercancel", "blur"]) button.addEventListener(type, stop);
      button.addEventListener("click", (event) => {
        // A pointer press already stepped; a click from the keyboard (Enter/Space) steps here.
        if (fromPointer) {
          fromPointer = false;
          return;
        }
        setPlaying(false);
        go(state.index + delta, true);
        event.preventDefault();
      });
      button.addEventListener("contextmenu", (event) => event.preventDefault());
    }
    linkBtn.addEventListener("click", async () => {
      const url = location.href.split("#")[0] + "#deal-" + id + "-" + state.index;
      history.replaceState(history.state, "", url);
      try {
        await navigator.clipboard.writeText(url);
        linkNote.textContent = L.copied;
      } catch (err) {
        linkNote.replaceChildren(L.copyFailed, h("a", { href: url }, url));
      }
    });
    holdable(prevBtn, -1);
    holdable(nextBtn, +1);
    firstBtn.addEventListener("click", () => {
      setPlaying(false);
      go(0, true);
    });
    lastBtn.addEventListener("click", () => {
      setPlaying(false);
      go(steps.length - 1, true);
    });
    playBtn.addEventListener("click", () => setPlaying(!state.playing));
    speedSelect.addEventListener("change", () => {
      state.speed = Number(speedSelect.value) || 1;
      if (state.playing) setPlaying(true);
    });
    viewSelect.addEventListener("change", () => {
      state.view = viewSelect.value;
      render();
    });
    root.addEventListener("keydown", (event) => {
      const tag = event.target.tagName;
      if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
      const isButton = tag === "BUTTON" || tag === "SUMMARY";
      let handled = true;
      if (event.key === "ArrowRight") go(state.index + 1, true);
      else if (event.key === "ArrowLeft") go(state.index - 1, true);
      else if (event.key === "Home") go(0, true);
      else if (event.key === "End") go(steps.length - 1, true);
      else if ((event.key === " " || event.key === "Spacebar") && !isButton) setPlaying(!state.playing);
      else handled = false;
      if (handled) {
        if (event.key !== " ") setPlaying(false);
        event.preventDefault();
      }
    });

    function fromHash() {
      const m = new RegExp("^#deal-" + id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "-(\\d+)$").exec(location.hash);
      if (!m) return false;
      // A deal folded inside <details> (the gallery) opens when a link points into it.
      for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
      go(Number(m[1]), false);
      root.scrollIntoView({ block: "start", behavior: window.cp.reducedMotion() ? "auto" : "smooth" });
      return true;
    }
    const onHash = () => fromHash();
    window.addEventListener("hashchange", onHash);
    // Stop timers and listeners when instant navigation replaces the page.
    const observer = new MutationObserver(() => {
      if (!document.contains(el)) {
        clearTimeout(state.timer);
        window.removeEventListener("hashchange", onHash);
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });

    // A page may open the deal at the step its text is about (data-step); a link's #deal-ID-N wins.
    const start = Number(el.dataset.step);
    if (Number.isInteger(start) && start > 0) state.index = Math.min(start, steps.length - 1);
    render();
    fromHash();
  }

  // The frames are a file of their own (data-src, written by sitebuild/ext_tutorials.py): fetched when the deal
  // comes near the screen or its <details> opens (a closed <details> is not rendered, so it never intersects),
  // then the viewer mounts over the static version. Frames embedded in data-json still mount at once.
  const LAZY_MARGIN = "300px";
  function mountWhenNear(el, lang) {
    const data = el.querySelector(".cp-widget-data");
    const src = data && data.dataset.src;
    // A link to one of this deal's steps (#deal-ID-N) mounts it at once: the viewer opens its folded entry itself.
    const linked = location.hash.startsWith("#deal-" + (el.dataset.deal || "") + "-");
    if (!src || data.dataset.json) {
      mount(el, lang);
      return;
    }
    if (linked) loadFrames(el, lang, data, src);
    else window.cp.whenNear(el, () => loadFrames(el, lang, data, src), LAZY_MARGIN);
  }

  function loadFrames(el, lang, data, src) {
    window.cp.unfold(el); // the opening hands, readable while the frames come (or if they never do)
    el.dataset.framesState = "loading";
    fetch(new URL(src, document.baseURI))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${src}: ${r.status}`))))
      .then(
        (json) => {
          data.dataset.json = json;
          el.dataset.framesState = "loaded";
          mount(el, lang);
        },
        (err) => {
          el.dataset.framesState = "failed";
          const why = String((err && err.message) || err);
          el.append(window.cp.errorBox({ code: "frames", zh: "无法取得这一局的步骤：" + why, en: "Could not fetch this deal's steps: " + why }, lang));
        },
      );
  }

  window.cp.widget("deal", mountWhenNear);
})();
