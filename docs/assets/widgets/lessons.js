/* Lessons: a lesson is a list of levels — a goal, a position, the expected answer, hints and an
 * explanation (the lichess-learn model). The build checks every expected answer against the engine and
 * embeds its verdict (sitebuild/ext_tutorials.py); in the page, once the engine is ready, answers are
 * checked by the engine itself. Progress is kept in localStorage as soon as a level is passed.
 * A level is answered in one of four forms: yes/no, a number, a set of cards, or a choice. The Da Er asks map
 * onto them (win, points, waits, choice); a game's own questions (changpai.lessons, the "lesson" command) name
 * their form, buttons, choices and the rows to draw, so this file knows no game. */
(function () {
  "use strict";
  const { h, text } = window.cp;
  // A drawn lamp, not the 💡 emoji: the kiosk's Chromium has no colour-emoji font and showed a blank box.
  function hintIcon() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("width", "1.2em");
    svg.setAttribute("height", "1.2em");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "cp-hint__icon");
    const path = document.createElementNS(ns, "path");
    path.setAttribute("fill", "currentColor");
    path.setAttribute("d", "M9 21h6v-1.5H9zm3-19a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2zm2.9 11.4-.9.6V16h-4v-2l-.9-.6a5 5 0 1 1 5.8 0z");
    svg.append(path);
    return svg;
  }
  const C = window.cpCards;
  const STORAGE_PREFIX = "changpai:lesson:";

  const UI = {
    zh: {
      level: (i, n) => "第 " + i + " 题，共 " + n + " 题", passed: (k, n) => "已过 " + k + " / " + n + " 题",
      hand: "手牌", table: "桌上的牌组", winCard: "来的牌", fromDiscard: "（别人打出）", fromOwnTurn: "（自己翻出）", fromOtherTurn: "（别人翻出）",
      yes: (w) => w + "了", no: (w) => "没" + w, check: "核对", points: "胡数", none: "一张也不叫", hint: "提示", next: "下一题",
      retry: "再试一次", reset: "重新开始本课", right: "答对了！", wrong: "不对。", answer: "答案：",
      byEngine: "（由页面里的规则引擎核对）", byBuild: "（按规则引擎事先算好的答案核对）",
      done: "这一课全部答对了！", pickWaits: "点选它叫的所有牌，再按“核对”：", enterPoints: "填胡数：",
      resetDone: "进度已清除。", storageOff: "此浏览器不能保存进度。", chooseLevel: "选题",
      pickCards: "点选所有答案里的牌，再按“核对”：", enterNumber: "填数字：", number: "数字",
    },
    en: {
      level: (i, n) => "Question " + i + " of " + n, passed: (k, n) => k + " of " + n + " passed",
      hand: "Hand", table: "Sets on the table", winCard: "The card", fromDiscard: " (someone's discard)",
      fromOwnTurn: " (own turned card)", fromOtherTurn: " (turned by another player)", yes: () => "A win", no: () => "Not a win", check: "Check", points: "Points",
      none: "It waits for nothing", hint: "Hint", next: "Next question", retry: "Try again", reset: "Restart this lesson",
      right: "Right!", wrong: "Not quite.", answer: "The answer: ", byEngine: " (checked by the in-page rules engine)",
      byBuild: " (checked against the answer the rules engine worked out beforehand)",
      done: "You have passed every question of this lesson!", pickWaits: "Tap every card it waits for, then Check:",
      enterPoints: "Points:", resetDone: "Progress cleared.", storageOff: "This browser cannot save progress.",
      chooseLevel: "Questions", pickCards: "Tap every card of the answer, then Check:", enterNumber: "Number:",
      number: "Number",
    },
  };

  // The Da Er asks' answer forms; a game's own questions carry theirs (level.form).
  const FORM_OF = { win: "yesno", points: "number", waits: "cards", choice: "choice" };
  const formOf = (lv) => lv.form || FORM_OF[lv.ask] || "choice";

  function loadProgress(id) {
    try {
      const raw = window.localStorage.getItem(STORAGE_PREFIX + id);
      const list = raw ? JSON.parse(raw) : [];
      return new Set(Array.isArray(list) ? list.filter((n) => Number.isInteger(n)) : []);
    } catch (err) {
      return new Set();
    }
  }
  function saveProgress(id, passed) {
    try {
      window.localStorage.setItem(STORAGE_PREFIX + id, JSON.stringify([...passed].sort((a, b) => a - b)));
      return true;
    } catch (err) {
      return false;
    }
  }

  function mount(el, lang) {
    const L = UI[lang];
    const staticView = el.querySelector(".cp-lesson-static");
    let lesson;
    try {
      const data = el.querySelector(".cp-widget-data");
      if (!data) throw new Error("no data for lesson " + el.dataset.lesson);
      lesson = JSON.parse(data.dataset.json);
      if (!lesson.levels || !lesson.levels.length) throw new Error("lesson " + el.dataset.lesson + " has no levels");
    } catch (err) {
      el.append(window.cp.errorBox(err, lang));
      return;
    }
    const id = lesson.id || el.dataset.lesson;
    const levels = lesson.levels;
    const scheme = C.schemeFor(lesson.rules);
    // Indices only: a lesson that has since lost levels keeps the progress that still applies.
    const passed = new Set([...loadProgress(id)].filter((i) => i >= 0 && i < levels.length));
    const state = { index: Math.min(firstUnpassed(), levels.length - 1), hints: 0, selected: new Set(), engineReady: false };
    const engine = window.cp.engine();
    // Reading engine.ready starts the engine (a download of several megabytes): only once the lesson comes near
    // the screen, not for a lesson far down a long page (issue 18). An engine started by something else counts too.
    const watchEngine = () =>
      Promise.resolve(engine.ready).then(
        () => (state.engineReady = true),
        () => (state.engineReady = false),
      );
    if (engine && engine.started) watchEngine();
    else if (engine) {
      engine.addEventListener("ready", () => (state.engineReady = true), { once: true });
      window.cp.whenNear(el, watchEngine);
    }

    function firstUnpassed() {
      for (let i = 0; i < levels.length; i++) if (!passed.has(i)) return i;
      return 0;
    }

    const progress = h("span", { class: "cp-progress", "aria-live": "polite" });
    const levelList = h("ol", { class: "cp-lesson__levels", "aria-label": L.chooseLevel });
    const levelButtons = levels.map((lv, i) => {
      const b = h("button", { type: "button", class: "cp-btn cp-lesson__level", dataset: { level: String(i) } }, String(i + 1));
      b.addEventListener("click", () => show(i));
      levelList.append(h("li", {}, b));
      return b;
    });
    const body = h("div", { class: "cp-lesson__body" });
    const resetBtn = h("button", { type: "button", class: "cp-btn cp-lesson__reset" }, L.reset);
    const note = h("span", { class: "cp-muted", role: "status" });
    resetBtn.addEventListener("click", () => {
      passed.clear();
      try {
        window.localStorage.removeItem(STORAGE_PREFIX + id);
      } catch (err) {
        /* storage unavailable: nothing was saved */
      }
      note.textContent = L.resetDone;
      show(0);
    });
    const root = h(
      "div",
      { class: "cp-lesson" },
      h("h2", { class: "cp-lesson__title" }, text(lesson.title, lang)),
      lesson.intro ? h("p", {}, text(lesson.intro, lang)) : null,
      levelList,
      body,
      h("div", { class: "cp-lesson__footer" }, progress, h("span", {}, note, " ", resetBtn)),
      window.cp.engineStatus(lang),
    );
    if (staticView) staticView.hidden = true;
    el.append(root);

    function domino(face) {
      // the engine's words for the picture (chuopai.cards.picture_label: a joker is 王（王牌） / 王 (joker))
      const label = face.label ? text(face.label, lang) : face.name + "（" + face.pips + "）";
      return h("img", { class: "cp-card cp-card--domino", src: new URL("dominoes/" + face.pips + ".svg", C.cardsBase).href, alt: label, title: label, width: "24", height: "91", draggable: "false" });
    }

    // A game level's position, as the engine lists it: a label and its numerals or domino faces per row.
    function renderRows(list) {
      return h(
        "div",
        { class: "cp-lesson__position" },
        list.map((r) =>
          h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, text(r.label, lang)),
            r.faces ? h("span", { class: "cp-cards" }, r.faces.map(domino), " " + r.faces.map((f) => f.name).join(" ")) : C.row(r.cards || "", { scheme, lang, size: "m" })),
        ),
      );
    }

    function renderPosition(pos) {
      const rows = [];
      if (pos.hand) rows.push(h("div", { class: "cp-seat__row" }, h("span", { class: "cp-seat__label" }, L.hand), C.row(pos.hand, { scheme, lang, size: "m" })));
      if (pos.table && pos.table.length) {
        rows.push(
          h(
            "div",
            { class: "cp-seat__row" },
            h("span", { class: "cp-seat__label" }, L.table),
            h("span", { class: "cp-seat__melds" }, pos.table.map((m) => h("span", { class: "cp-meld" }, C.row(m.cards, { scheme, lang, size: "s" }), m.name ? h("span", { class: "cp-meld__label" }, text(m.name, lang)) : null))),
          ),
        );
      }
      if (pos.win_card) {
        rows.push(
          h(
            "div",
            { class: "cp-seat__row" },
            h("span", { class: "cp-seat__label" }, L.winCard),
            C.row(pos.win_card, { scheme, lang, size: "m" }),
            h("span", { class: "cp-muted" }, pos.source === "own_turn" ? L.fromOwnTurn : pos.source === "other_turn" ? L.fromOtherTurn : L.fromDiscard),
          ),
        );
      }
      return h("div", { class: "cp-lesson__position" }, rows);
    }

    function show(i) {
      state.index = i;
      state.hints = 0;
      state.selected = new Set();
      const lv = levels[i];
      const feedback = h("div", { class: "cp-lesson__feedback", "aria-live": "polite" });
      const hints = h("div", { class: "cp-lesson__hints" });
      const answers = h("div", { class: "cp-lesson__answers" });
      const submit = (value) => check(lv, i, value, feedback);
      const form = formOf(lv);

      if (form === "yesno") {
        const word = lv.win_word || "胡"; // (和了 in Leshan)
        answers.append(
          h("button", { type: "button", class: "cp-btn", dataset: { answer: "yes" }, onclick: () => submit(true) }, lv.labels ? text(lv.labels.yes, lang) : L.yes(word)),
          h("button", { type: "button", class: "cp-btn", dataset: { answer: "no" }, onclick: () => submit(false) }, lv.labels ? text(lv.labels.no, lang) : L.no(word)),
        );
      } else if (form === "number") {
        const word = lv.point_word ? text(lv.point_word, lang) : lv.ask === "points" ? L.points : L.number;
        const input = h("input", { type: "number", min: "0", step: "1", inputmode: "numeric", class: "cp-calc__input cp-lesson__points", "aria-label": word });
        const go = () => submit(input.value === "" ? NaN : Number(input.value));
        input.addEventListener("keydown", (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            go();
          }
        });
        answers.append(h("label", { class: "cp-deal__field" }, h("span", {}, lv.point_word ? (lang === "en" ? text(lv.point_word, lang).replace(/^./, (c) => c.toUpperCase()) + ":" : "填" + text(lv.point_word, lang) + "数：") : lv.ask === "points" ? L.enterPoints : L.enterNumber), input), h("button", { type: "button", class: "cp-btn cp-btn--primary", onclick: go }, L.check));
      } else if (form === "cards") {
        const prompt = lv.ask === "waits" ? L.pickWaits : L.pickCards;
        const grid = h("div", { class: "cp-calc__palette", role: "group", "aria-label": prompt });
        for (const c of C.ALL_KINDS) {
          const b = h("button", { type: "button", class: "cp-calc__kind", "aria-pressed": "false", dataset: { card: c.ascii }, "aria-label": C.name(c, scheme, lang) }, C.element(c, { scheme, lang, size: "s" }));
          b.addEventListener("click", () => {
            if (state.selected.has(c.zh)) state.selected.delete(c.zh);
            else state.selected.add(c.zh);
            b.setAttribute("aria-pressed", String(state.selected.has(c.zh)));
          });
          grid.append(b);
        }
        answers.append(h("p", { class: "cp-muted" }, prompt), grid, h("button", { type: "button", class: "cp-btn cp-btn--primary", onclick: () => submit([...state.selected]) }, L.check));
      } else {
        for (const c of lv.choices || []) {
          answers.append(h("button", { type: "button", class: "cp-btn cp-choice", dataset: { answer: c.id }, onclick: () => submit([c.id]) }, text(c.label, lang)));
        }
      }
      const hintBtn = (lv.hints || []).length
        ? h("button", {
            type: "button",
            class: "cp-btn cp-lesson__hint",
            onclick: (event) => {
              if (state.hints < lv.hints.length) hints.append(h("p", { class: "cp-muted cp-hint" }, hintIcon(), text(lv.hints[state.hints++], lang)));
              if (state.hints >= lv.hints.length) event.currentTarget.disabled = true;
            },
          }, L.hint)
        : null;
      body.replaceChildren(
        h("p", { class: "cp-muted" }, L.level(i + 1, levels.length)),
        h("p", { class: "cp-lesson__goal" }, text(lv.goal, lang)),
        lv.rows && lv.rows.length ? renderRows(lv.rows) : renderPosition(lv.position || {}),
        answers,
        h("div", {}, hintBtn),
        hints,
        feedback,
      );
      renderProgress();
    }

    function renderProgress() {
      progress.textContent = L.passed(passed.size, levels.length);
      levelButtons.forEach((b, k) => {
        b.dataset.passed = String(passed.has(k));
        if (k === state.index) b.setAttribute("aria-current", "step");
        else b.removeAttribute("aria-current");
        b.setAttribute("aria-label", L.level(k + 1, levels.length) + (passed.has(k) ? " ✓" : ""));
      });
    }

    // The expected answer: from the engine when it is ready, else the one it computed at build time.
    async function expected(lv) {
      if (lv.ask === "choice" || !lv.request || !state.engineReady) return { value: lv.expected, byEngine: false, lines: lv.engine_lines || [] };
      const r = await window.cp.call(lv.request);
      if (r.error) return { error: r.error };
      if (lv.request.command === "lesson") return { value: r.value, byEngine: true, lines: r.lines || [] };
      if (lv.ask === "win") return { value: window.cp.result.isWin(r), byEngine: true, lines: window.cp.result.lines(r) };
      if (lv.ask === "points") return { value: window.cp.result.points(r), byEngine: true, lines: window.cp.result.lines(r) };
      return { value: (r.waits || []).filter((w) => w.win !== false).map((w) => w.card), byEngine: true, lines: [] };
    }

    function same(form, given, want) {
      if (form === "yesno" || form === "number") return given === want;
      const a = [...new Set([].concat(given))].sort().join("|");
      const b = [...new Set([].concat(want))].sort().join("|");
      return a === b;
    }

    async function check(lv, i, given, feedback) {
      const exp = await expected(lv);
      if (state.index !== i) return;
      if (exp.error) {
        feedback.replaceChildren(window.cp.errorBox(exp.error, lang));
        return;
      }
      const right = same(formOf(lv), given, exp.value);
      const parts = [
        h("p", { class: right ? "cp-ok" : "cp-bad", dataset: { verdict: right ? "right" : "wrong" } }, right ? L.right : L.wrong),
      ];
      if (right) {
        if (lv.explain) parts.push(h("p", {}, text(lv.explain, lang)));
        if (exp.lines && exp.lines.length) parts.push(h("ul", {}, exp.lines.map((l) => h("li", {}, text(l, lang)))));
        parts.push(h("p", { class: "cp-muted" }, (lv.answer_text ? L.answer + text(lv.answer_text, lang) : "") + (exp.byEngine ? L.byEngine : L.byBuild)));
        passed.add(i);
        if (!saveProgress(id, passed)) parts.push(h("p", { class: "cp-muted" }, L.storageOff));
        if (i + 1 < levels.length) {
          const next = h("button", { type: "button", class: "cp-btn cp-btn--primary cp-lesson__next", onclick: () => show(i + 1) }, L.next);
          parts.push(next);
          feedback.replaceChildren(...parts);
          renderProgress();
          next.focus();
          return;
        }
        if (passed.size === levels.length) parts.push(h("p", { class: "cp-ok" }, L.done));
      } else {
        parts.push(h("p", {}, text(lv.wrong || lv.hints && lv.hints[0] || "", lang)));
      }
      feedback.replaceChildren(...parts);
      renderProgress();
    }

    show(state.index);
  }

  window.cp.widget("lesson", mount);
})();
