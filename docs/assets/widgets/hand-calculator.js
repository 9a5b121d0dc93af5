/* Hand calculator: tap cards to build a hand and the sets laid on the table, choose the tradition,
 * and the in-page engine ("score" and "waits", changpai.api) shows the best split, the points with
 * their reasons, the patterns and the waits — and the same hand under every other tradition of the same game.
 * 红点点 (the engine's games.hongdiandian rule sets) is a game of its own: 16 cards in pairs, its red points, its
 * class (名堂) and 层; its hands are compared only with its other rule set. Its two variants [000] — 大叁 (长二) as a
 * wild card, and five players with one seat holding five — are switches worded by the engine (the "rules" command's
 * option questions), sent as the rule set's options to every 红点点 request. */
(function () {
  "use strict";
  const { h, text } = window.cp;
  const C = window.cpCards;

  // Every rule set, with its sources, as the engine names them (the page's cp-engine-names, written by the build).
  const rulesChoices = () =>
    C.rulesList().map((r) => ({
      id: r.id,
      zh: r.title.zh + " " + (r.sources || []).join(""),
      en: r.title.en + " " + (r.sources || []).join(""),
      game: r.game,
    }));
  const SET_WORDS = [
    { id: "pong", zh: "碰（对、兑）", en: "pong (碰)" },
    { id: "kong", zh: "招（开）", en: "kong (招)" },
    { id: "four", zh: "龙（滚、活龙）", en: "four held (龙)" },
    { id: "eat", zh: "吃（顺、二七十、大小混）", en: "eat (run, 2-7-10, mixed)" },
  ];
  // 红点点's laid units (changpai.hongdiandian.hand.UNIT_SIZES) and how many cards each holds.
  const HDD_SETS = [
    { id: "pair", zh: "吃来的一家（两张）", en: "an eaten pair", size: 2 },
    { id: "four", zh: "兑：四归一", en: "兑: a fourth onto three", size: 4 },
    { id: "kan2", zh: "兑：一对加一坎并排", en: "兑: a pair with a 坎 beside it", size: 6 },
    { id: "kan", zh: "黑胡兑，不摆坎（三张）", en: "兑 of a black hand, no 坎 laid (three)", size: 3 },
  ];
  const HDD_SOURCES = [
    { id: "turn", zh: "翻出的底牌", en: "a turned stock card" },
    { id: "tianhu", zh: "庄家原手十六张（天胡）", en: "the dealer's own sixteen (天胡)" },
    { id: "dihu", zh: "庄家打出的第一张（地胡）", en: "the dealer's first discard (地胡)" },
  ];
  const HDD_SIZES = { waiting: 15, complete: 16 }; // [000]: the dealer 16, the others 15
  // 红点点's variants (changpai.hongdiandian.options): the engine's option names; their words come from the engine.
  const HDD_VARIANTS = ["wild_dasan", "five_players"];
  const HDD_UI = {
    zh: {
      points: "红点", unit: "点", layers: (n) => n + " 层", hua: "花胡（每一家都有红点）", badui: "八对（全是本身相靠）",
      noClass: "配得拢，但不成胡", waitsFor: "等这些牌：", waitLine: (w, c) => w.card + "：" + w.points + " 点" + (c ? "，" + c : ""),
      building: (n, z) => "再点 " + n + " 张：红点点等一张牌的手牌是 " + z.waiting + " 张，成牌是 " + z.complete + " 张。",
      wildAs: (as) => "（当作 " + as + "）",
    },
    en: {
      points: "Red points", unit: "pts", layers: (n) => n + " 层", hua: "花 (every unit holds red points)", badui: "八对 (all twin pairs)",
      noClass: "the pairs hold, but it is no win", waitsFor: "Waits for: ", waitLine: (w, c) => w.card + ": " + w.points + " pts" + (c ? ", " + c : ""),
      building: (n, z) => "Tap " + n + " more card" + (n === 1 ? "" : "s") + ": a 红点点 hand waiting for one card holds " + z.waiting + ", a complete one " + z.complete + ".",
      wildAs: (as) => " (as " + as + ")",
    },
  };
  const UI = {
    zh: {
      title: "手牌计算器", tradition: "规则", hand: "手牌", table: "桌上的牌组", winCard: (w) => w + "的那张牌（可不填）",
      source: "这张牌来自", discard: "别人打出", turned: "自己翻出", otherTurned: "别人翻出", palette: "点一张牌，加到所选的位置",
      addTo: "加到这里", addSet: "添一组桌上的牌", removeSet: "删去这一组", setKind: "牌组类型",
      clear: "全部清空", typed: "或直接输入（如 123s 27tb）", apply: "读入", remove: (n) => "移去 " + n,
      count: (n, total) => n + " 张（加桌上 " + total + " 张）", left: (n) => "还剩 " + n + " 张",
      result: "计算结果", best: "最好的组法", points: "胡数", patterns: "名堂", waits: "叫牌（等这些牌）",
      noWaits: "不叫牌（没有一张牌能让它成牌）", complete: "已经成牌", notWin: "还没成胡", win: "胡了",
      compare: "在其他规则下", rules: "规则", verdict: "结果", empty: "先点选一些牌。",
      otherSize: "这种打法每手的牌数不同，这手牌用不上",
      building: "牌还没凑够：", waitsOnly: "叫这些牌：", pickWin: (w, u) => "选一张“" + w + "的那张牌”，就能算" + u + "数。",
      thinking: "引擎正在计算……", why: "说明", split: "组法", noEngine: "计算需要页面内的规则引擎。",
    },
    en: {
      title: "Hand calculator", tradition: "Rules", hand: "Hand", table: "Sets on the table",
      winCard: () => "Winning card (optional)", source: "The card came from", discard: "another's discard",
      turned: "own turned card", otherTurned: "turned by another player", palette: "Tap a card to add it where the frame is", addTo: "Add here",
      addSet: "Add a table set", removeSet: "Remove this set", setKind: "Set type", clear: "Clear all",
      typed: "or type it (e.g. 123s 27tb)", apply: "Read", remove: (n) => "Remove " + n,
      count: (n, total) => n + " cards (" + total + " with the table)", left: (n) => n + " left",
      result: "Result", best: "Best split", points: "Points", patterns: "Patterns", waits: "Ready, waiting for",
      noWaits: "Not ready: no card completes it", complete: "Already complete", notWin: "Not a win", win: "A win",
      compare: "Under the other rules", rules: "Rules", verdict: "Result", empty: "Tap some cards first.",
      otherSize: "this way of play deals a different number of cards: the hand does not apply",
      building: "Not enough cards yet: ", waitsOnly: "waits for ", pickWin: () => "Choose a winning card to see the points.",
      thinking: "The engine is working…", why: "Why", split: "Split", noEngine: "The calculator needs the in-page rules engine.",
    },
  };

  function mount(el, lang) {
    const L = UI[lang];
    // A link may bring a hand and a game (?hand=…&rules=…, from the home page); else the remembered game.
    const query = new URLSearchParams(location.search);
    const asked = query.get("rules");
    const traditions = rulesChoices();
    const state = {
      rules: traditions.some((t) => t.id === asked) ? asked : window.cp.tradition.get(el.dataset.rules),
      hddSample: el.dataset.handHongdiandian || "",
      traditions,
      hand: [],
      table: [], // [{set, cards: [card…]}]
      win: [],
      source: "discard",
      zone: "hand", // "hand" | "win" | table index
      seq: 0,
      variants: {}, // 红点点's variants switched on: {option name: true}
      short: null, // five-handed, the short seat's cards (the engine's deal.short_cards), once the words are loaded
    };
    try {
      state.hand = C.parse(query.get("hand") || el.dataset.hand || "");
    } catch (err) {
      state.hand = [];
    }
    // A complete sample (21 cards, 红点点 16): its last card is the winning one, so the visitor sees a win and can
    // change it.
    const gameOf = (id) => ((state.traditions.find((t) => t.id === id) || {}).game || "daer");
    const hdd = () => gameOf(state.rules) === "hongdiandian";
    if (!query.get("hand") && hdd() && state.hddSample) state.hand = C.parse(state.hddSample);
    if (state.hand.length === (hdd() ? HDD_SIZES.complete : 21)) state.win = [state.hand.pop()];
    if (hdd()) state.source = "turn";
    const H = HDD_UI[lang];

    const label = (t) => t[lang];
    const rulesSelect = h(
      "select",
      { class: "cp-select cp-calc__rules", "aria-label": L.tradition },
      state.traditions.map((t) => h("option", { value: t.id, selected: t.id === state.rules }, label(t))),
    );
    const sourceSelect = h("select", { class: "cp-select cp-calc__source", "aria-label": L.source });
    // The sources a winning card may come from: the Da Er games' three, or 红点点's (a turned card, 天胡, 地胡).
    function fillSources() {
      const list = hdd()
        ? HDD_SOURCES.map((x) => [x.id, label(x)])
        : [["discard", L.discard], ["own_turn", L.turned], ["other_turn", L.otherTurned]];
      if (!list.some(([id]) => id === state.source)) state.source = list[0][0];
      sourceSelect.replaceChildren(...list.map(([id, words]) => h("option", { value: id, selected: id === state.source }, words)));
    }
    fillSources();
    const typed = h("input", { class: "cp-calc__input", type: "text", maxlength: "400", "aria-label": L.typed, placeholder: L.typed, spellcheck: "false", autocomplete: "off" }); // maxlength: the engine's MAX_CARD_TEXT
    const typedError = h("span", { class: "cp-calc__typed-error", role: "alert" });
    const applyTyped = h("button", { type: "button", class: "cp-btn" }, L.apply);
    const palette = h("div", { class: "cp-calc__palette", role: "group", "aria-label": L.palette });
    const paletteButtons = C.ALL_KINDS.map((c) => {
      const count = h("span", { class: "cp-calc__kind-count" });
      const b = h("button", { type: "button", class: "cp-calc__kind", dataset: { card: c.ascii } }, C.element(c, { scheme: C.schemeFor(state.rules), lang, size: "s" }), count);
      b.addEventListener("click", () => add(c));
      palette.append(b);
      return { card: c, button: b, count };
    });
    const zones = h("div", { class: "cp-calc__zones" });
    const variantBox = h("div", { class: "cp-calc__variants", role: "group", hidden: true });
    const result = h("div", { class: "cp-calc__result", "aria-live": "polite" });
    const status = window.cp.engineStatus(lang);
    const clearBtn = h("button", { type: "button", class: "cp-btn cp-calc__clear" }, L.clear);
    const addSetBtn = h("button", { type: "button", class: "cp-btn cp-calc__add-set" }, "+ " + L.addSet);

    el.replaceChildren(
      h(
        "div",
        { class: "cp-calc" },
        h("div", { class: "cp-calc__controls" }, h("label", { class: "cp-deal__field" }, h("span", {}, L.tradition), rulesSelect), clearBtn),
        variantBox,
        h("p", { class: "cp-muted" }, L.palette),
        palette,
        h("div", { class: "cp-calc__controls" }, typed, applyTyped, typedError),
        zones,
        h("div", { class: "cp-calc__controls" }, addSetBtn),
        status,
        result,
      ),
    );

    // ---- editing -------------------------------------------------------------------------------------------------
    function used(c) {
      const all = [...state.hand, ...state.win, ...state.table.flatMap((s) => s.cards)];
      return all.filter((x) => x.ascii === c.ascii).length;
    }
    function zoneCards(zone) {
      if (zone === "hand") return state.hand;
      if (zone === "win") return state.win;
      return state.table[zone] ? state.table[zone].cards : state.hand;
    }
    function add(c) {
      if (used(c) >= 4) return;
      const cards = zoneCards(state.zone);
      if (state.zone === "win" && cards.length >= 1) cards.length = 0; // one winning card
      if (typeof state.zone === "number" && cards.length >= setSize(state.table[state.zone])) return;
      cards.push(c);
      changed();
    }
    function removeAt(zone, i) {
      zoneCards(zone).splice(i, 1);
      changed();
    }
    function setSize(set) {
      if (!hdd()) return 4;
      const kind = HDD_SETS.find((w) => w.id === (set && set.set));
      return kind ? kind.size : 6;
    }
    function sortCards(cards) {
      return cards.slice().sort((a, b) => a.big - b.big || a.number - b.number);
    }

    rulesSelect.addEventListener("change", () => {
      const before = gameOf(state.rules);
      state.rules = rulesSelect.value;
      window.cp.tradition.set(state.rules);
      if (gameOf(state.rules) !== before) switchGame();
      showVariants();
      for (const p of paletteButtons) p.button.replaceChild(C.element(p.card, { scheme: C.schemeFor(state.rules), lang, size: "s" }), p.button.firstChild);
      changed();
    });
    sourceSelect.addEventListener("change", () => {
      state.source = sourceSelect.value;
      changed();
    });
    // Another game (Da Er ↔ 红点点): the laid sets take that game's kinds, the winning card its sources; the page's
    // sample of the other game replaces the untouched sample of this one.
    function switchGame() {
      const kinds = hdd() ? HDD_SETS.map((w) => w.id) : SET_WORDS.map((w) => w.id);
      for (const set of state.table) if (!kinds.includes(set.set)) set.set = kinds[0];
      fillSources();
      const sample = C.format(C.parse((hdd() ? state.hddSample : el.dataset.hand) || ""));
      const other = C.format(C.parse((hdd() ? el.dataset.hand : state.hddSample) || ""));
      const now = C.format([...state.hand, ...state.win]);
      if (sample && !state.table.length && (now === other || !now)) {
        state.hand = C.parse(sample);
        state.win = state.hand.length === (hdd() ? HDD_SIZES.complete : 21) ? [state.hand.pop()] : [];
      }
    }
    clearBtn.addEventListener("click", () => {
      state.hand = [];
      state.table = [];
      state.win = [];
      state.zone = "hand";
      changed();
    });
    addSetBtn.addEventListener("click", () => {
      state.table.push({ set: hdd() ? "pair" : "pong", cards: [] });
      state.zone = state.table.length - 1;
      changed();
    });
    const readTyped = () => {
      typedError.textContent = "";
      try {
        const cards = C.parse(typed.value);
        const zone = zoneCards(state.zone);
        const counts = {};
        for (const c of [...state.hand, ...state.win, ...state.table.flatMap((s) => s.cards), ...cards]) counts[c.ascii] = (counts[c.ascii] || 0) + 1;
        const over = Object.keys(counts).find((k) => counts[k] > 4);
        if (over) {
          const c = C.parse(over)[0];
          typedError.textContent = lang === "en" ? "“" + c.zh + "”: the deck has only 4 of each card" : "“" + c.zh + "”超过 4 张：每种牌只有 4 张";
          return;
        }
        zone.push(...cards);
        typed.value = "";
        changed();
      } catch (err) {
        typedError.textContent = (lang === "en" ? "Cannot read: " : "读不懂：") + (err[lang] || err.message);
      }
    };
    applyTyped.addEventListener("click", readTyped);
    typed.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        readTyped();
      }
    });

    function zoneBox(zone, title, extra) {
      const cards = zoneCards(zone);
      const current = state.zone === zone;
      const row = h("span", { class: "cp-cards" });
      cards.forEach((c, i) => {
        row.append(
          h(
            "button",
            { type: "button", "aria-label": L.remove(C.name(c, C.schemeFor(state.rules), lang)), title: L.remove(c.zh), onclick: () => removeAt(zone, i) },
            C.element(c, { scheme: C.schemeFor(state.rules), lang, size: "s" }),
          ),
        );
      });
      const pick = h(
        "button",
        { type: "button", class: "cp-btn cp-calc__pick", "aria-pressed": String(current), onclick: () => { state.zone = zone; renderZones(); } },
        L.addTo,
      );
      return h(
        "div",
        { class: "cp-calc__zone", "aria-current": current ? "true" : "false", dataset: { zone: String(zone) } },
        h("div", { class: "cp-calc__zone-head" }, h("strong", { class: "cp-calc__zone-title" }, title), pick, extra || null),
        row,
      );
    }

    function renderZones() {
      const total = state.hand.length + state.table.reduce((n, s) => n + s.cards.length, 0);
      const boxes = [zoneBox("hand", L.hand + " · " + L.count(state.hand.length, total))];
      state.table.forEach((s, i) => {
        const kind = h(
          "select",
          { class: "cp-select", "aria-label": L.setKind },
          (hdd() ? HDD_SETS : SET_WORDS).map((w) => h("option", { value: w.id, selected: w.id === s.set }, label(w))),
        );
        kind.addEventListener("change", () => {
          s.set = kind.value;
          changed();
        });
        const remove = h("button", { type: "button", class: "cp-btn", "aria-label": L.removeSet, title: L.removeSet, onclick: () => { state.table.splice(i, 1); state.zone = "hand"; changed(); } }, "✕");
        boxes.push(zoneBox(i, L.table + " " + (i + 1), h("span", { class: "cp-calc__zone-extra" }, kind, remove)));
      });
      boxes.push(zoneBox("win", L.winCard(words(state.rules).verb), h("label", { class: "cp-deal__field" }, h("span", {}, L.source), sourceSelect)));
      zones.replaceChildren(...boxes);
      for (const p of paletteButtons) {
        const n = used(p.card);
        p.count.textContent = n + "/4";
        p.button.disabled = n >= 4;
        // the name starts with what the button shows, in its order (the card, then the count): a voice user says
        // what they see
        p.button.setAttribute("aria-label", C.name(p.card, C.schemeFor(state.rules), lang) + " " + n + "/4, " + L.left(4 - n));
      }
    }

    // ---- asking the engine -------------------------------------------------------------------------------------------
    let timer = null;
    function changed() {
      renderZones();
      clearTimeout(timer);
      timer = setTimeout(compute, 200);
    }

    function request(command, rules) {
      const r = {
        command,
        rules,
        hand: C.format(state.hand),
        table: state.table.map((s) => ({ set: s.set, cards: C.format(s.cards) })),
      };
      if (command === "score" && state.win.length) {
        r.win_card = state.win[0].zh;
        r.from = state.source;
      }
      const on = gameOf(rules) === "hongdiandian" ? HDD_VARIANTS.filter((v) => state.variants[v]) : [];
      if (on.length) r.options = Object.fromEntries(on.map((v) => [v, "true"]));
      return r;
    }

    async function compute() {
      const seq = ++state.seq;
      if (!state.hand.length && !state.table.length) {
        result.replaceChildren(h("p", { class: "cp-muted" }, L.empty));
        return;
      }
      if (!window.cp.engine()) {
        result.replaceChildren(window.cp.errorBox({ zh: UI.zh.noEngine, en: UI.en.noEngine, code: "no-engine" }, lang));
        return;
      }
      result.replaceChildren(h("p", { class: "cp-muted" }, L.thinking));
      const game = gameOf(state.rules);
      const others = state.traditions.filter((t) => t.id !== state.rules && (t.game || "daer") === game);
      const [score, waits, ...compared] = await Promise.all([
        window.cp.call(request("score", state.rules)),
        window.cp.call(request("waits", state.rules)),
        ...others.map((t) => Promise.all([window.cp.call(request("score", t.id)), window.cp.call(request("waits", t.id))])),
      ]);
      if (seq !== state.seq) return; // a newer edit is on its way
      const parts = [h("p", { class: "cp-calc__heading" }, h("strong", {}, L.result))];
      const countOnly = (r) => r.error && r.error.code === "card-count";
      if (game === "hongdiandian") {
        const failed = renderHdd(parts, score, waits, countOnly);
        parts.push(renderCompare(others, compared));
        result.replaceChildren(...parts);
        result.dataset.state = failed ? "error" : "ok";
        result.dataset.game = game;
        return;
      }
      delete result.dataset.game;
      if (countOnly(score) && waits.error && countOnly(waits)) {
        // Still building the hand: the engine's count message says exactly what is missing; not an error.
        parts.push(h("p", { class: "cp-calc__building" }, countMessage(score.error)));
      } else if (countOnly(score) && !waits.error) {
        const w = words(state.rules);
        parts.push(renderWaits(waits), h("p", { class: "cp-muted" }, L.pickWin(w.verb, w.unit)));
      } else {
        parts.push(score.error ? window.cp.errorBox(score.error, lang) : renderScore(score));
        if (!waits.error) parts.push(renderWaits(waits));
      }
      parts.push(renderCompare(others, compared));
      result.replaceChildren(...parts);
      result.dataset.state = score.error && !countOnly(score) ? "error" : "ok";
    }

    // Each tradition's own words for points and for the win, from the engine: Leshan counts 和 (和数, 和了), the
    // others 胡.
    function words(rules) {
      if (lang === "en") return { points: L.points, unit: "points", verb: "win", win: (w) => (w ? L.win : L.notWin) };
      const c = window.cpCards.pointWord(rules);
      const verb = window.cpCards.winWord(rules);
      return { points: c + "数", unit: c, verb, win: (w) => (w ? verb + "了" : "还没成" + verb) };
    }

    // How many cards are missing or extra, in plain words (the engine's count message names its fields).
    function countMessage(error) {
      const fours = state.table.filter((s) => s.cards.length === 4).length;
      const total = state.hand.length + state.win.length + state.table.reduce((n, s) => n + s.cards.length, 0);
      const waiting = 20 + fours;
      const complete = 21 + fours;
      if (total < waiting) {
        const n = waiting - total;
        return lang === "en"
          ? "Tap " + n + " more card" + (n === 1 ? "" : "s") + ": a hand waiting for one card holds " + waiting + ", a complete one " + complete + "."
          : "再点 " + n + " 张：等一张牌的手牌是 " + waiting + " 张，成牌是 " + complete + " 张。";
      }
      if (total > complete) {
        const n = total - complete;
        return lang === "en"
          ? n + " card" + (n === 1 ? "" : "s") + " too many: a complete hand holds " + complete + "."
          : "多了 " + n + " 张：一手成牌是 " + complete + " 张。";
      }
      const said = text(error, lang);
      return L.building + said.replace(/^[a-z_]+: /, "");
    }

    const pointsOf = window.cp.result.points;
    const splitOf = window.cp.result.split;
    const linesOf = window.cp.result.lines;
    const isWin = window.cp.result.isWin;

    function renderScore(r) {
      const scheme = C.schemeFor(state.rules);
      const win = isWin(r);
      const pts = pointsOf(r);
      const box = h("div", { class: "cp-calc__score" });
      box.append(
        h(
          "p",
          { class: "cp-calc__verdict" },
          win == null ? null : h("strong", { class: win ? "cp-ok" : "cp-bad" }, words(state.rules).win(win)),
          pts == null ? null : h("span", { class: "cp-calc__points" }, " · " + words(state.rules).points + " ", h("strong", { "data-points": String(pts) }, String(pts))),
        ),
      );
      const reasons = linesOf(r);
      if (reasons.length) box.append(h("ul", { class: "cp-calc__lines" }, reasons.map((l) => h("li", { dataset: { code: l.code || "" } }, text(l, lang)))));
      const split = splitOf(r);
      if (split.length) {
        box.append(
          h("p", { class: "cp-muted" }, L.best),
          h(
            "div",
            { class: "cp-calc__split" },
            split.map((s) =>
              h(
                "span",
                { class: "cp-meld", title: s.text ? text(s.text, lang) : null },
                C.row(s.cards || "", { scheme, lang, size: "m" }),
                h("span", { class: "cp-meld__label" }, text(s.name, lang)),
                typeof s.points === "number" ? h("span", { class: "cp-meld__points", dataset: { points: String(s.points) } }, s.points + " " + words(state.rules).unit) : null,
              ),
            ),
          ),
        );
        const setLines = split.filter((s) => s.text).map((s) => h("li", {}, text(s.text, lang)));
        if (setLines.length) box.append(h("details", { class: "cp-calc__why" }, h("summary", {}, L.why), h("ul", {}, setLines)));
      }
      if (r.grade) box.append(h("p", { class: "cp-calc__grade" }, text(r.grade.name, lang) + (r.grade.note ? " — " + text(r.grade.note, lang) : "")));
      const patterns = r.patterns || [];
      if (patterns.length) {
        box.append(
          h("p", { class: "cp-muted" }, L.patterns),
          h(
            "ul",
            { class: "cp-calc__patterns" },
            patterns.map((p) => h("li", { dataset: { code: p.code || "" } }, patternText(p))),
          ),
        );
      }
      return box;
    }

    // A pattern's worth in words, as the engine words it (its `text` already includes the count).
    function patternText(p) {
      if (p.text) return text(p.text, lang) + (p.source ? " " + p.source : "");
      return text(p.name, lang) + (p.source ? " " + p.source : "");
    }

    function renderWaits(r) {
      const scheme = C.schemeFor(state.rules);
      const all = r.waits || [];
      const winning = all.filter((w) => w.win !== false).map((w) => w.card);
      const short = all.filter((w) => w.win === false);
      const box = h(
        "div",
        { class: "cp-calc__waits" },
        h("span", { class: "cp-muted" }, winning.length ? L.waits + (lang === "en" ? ": " : "：") : L.noWaits),
        winning.length ? C.row(winning.join(""), { scheme, lang, size: "s" }) : null,
      );
      // Not ready: the engine says what holds the hand back (a held 坎 that may not be split, …).
      const why = (r.reasons || []).filter((x) => x.code !== "not-ready");
      if (!all.length && why.length) box.append(h("ul", { class: "cp-calc__not-ready" }, why.map((x) => h("li", { dataset: { code: x.code || "" } }, text(x, lang)))));
      if (short.length) {
        const unit = words(state.rules).unit;
        box.append(
          h(
            "p",
            { class: "cp-muted" },
            short
              .map((w) => (lang === "en" ? w.card + " completes the sets but makes only " + w.points + " points" : w.card + " 能凑齐七组，但只有 " + w.points + " " + unit))
              .join(lang === "en" ? "; " : "；") + (r.minimum ? (lang === "en" ? " (minimum " + r.minimum + ")" : "（至少 " + r.minimum + " " + unit + "）") : ""),
          ),
        );
      }
      return box;
    }

    // ---- 红点点: the red points, the class (名堂) and its 层, the units, the waits ----------------------------------
    function hddClass(r) {
      return r.class ? text(r.class.name, lang) + (lang === "en" ? ", " : "，") + H.layers(r.layers) : "";
    }
    function hddVerdict(r) {
      const sep = lang === "en" ? "; " : "；";
      const head = (r.win ? L.win : L.notWin) + " · " + H.points + " " + r.points;
      const why = r.win ? hddClass(r) : (r.reasons || []).map((x) => text(x, lang)).join(sep);
      return head + (why ? " — " + why : "");
    }
    // The hand sizes to aim for: five-handed, a hand no bigger than the short seat's is the short seat's ([000]).
    function hddSizes(total) {
      if (state.variants.five_players && state.short && total <= state.short + 1) return { waiting: state.short, complete: state.short + 1 };
      return HDD_SIZES;
    }
    function renderHdd(parts, score, waits, countOnly) {
      const total = state.hand.length + state.win.length + state.table.reduce((n, x) => n + x.cards.length, 0);
      // Answers true when it showed an error (a located engine message), false otherwise.
      const sizes = hddSizes(total);
      const missing = (state.win.length ? sizes.complete : sizes.waiting) - total;
      if (countOnly(score) && !waits.error) {
        const w = words(state.rules);
        parts.push(renderHddWaits(waits), h("p", { class: "cp-muted" }, L.pickWin(w.verb, w.unit)));
        return false;
      }
      if (countOnly(score) && (!waits.error || countOnly(waits)) && missing > 0) {
        parts.push(h("p", { class: "cp-calc__building" }, H.building(missing, sizes)));
        return false;
      }
      if (score.error) {
        parts.push(window.cp.errorBox(score.error, lang));
        return true;
      }
      parts.push(renderHddScore(score));
      if (!waits.error) parts.push(renderHddWaits(waits));
      return false;
    }
    function renderHddScore(r) {
      const scheme = C.schemeFor(state.rules);
      const box = h("div", { class: "cp-calc__score", dataset: { game: "hongdiandian" } });
      box.append(
        h(
          "p",
          { class: "cp-calc__verdict" },
          h("strong", { class: r.win ? "cp-ok" : "cp-bad" }, r.win ? L.win : L.notWin),
          h("span", { class: "cp-calc__points" }, " · " + H.points + " ", h("strong", { "data-points": String(r.points) }, String(r.points))),
          r.class ? h("span", { class: "cp-calc__class", dataset: { key: r.class.key, layers: String(r.layers) } }, " · ", h("strong", {}, text(r.class.name, lang)), " · " + H.layers(r.layers)) : null,
        ),
      );
      const lines = [...(r.reasons || []).map((x) => text(x, lang))];
      if (r.holds && !r.win && !lines.length) lines.push(H.noClass);
      if (r.hua) lines.push(H.hua);
      if (r.badui) lines.push(H.badui);
      if (r.class && r.class.when) lines.push(text(r.class.name, lang) + (lang === "en" ? ": " : "：") + text(r.class.when, lang) + " " + (r.class.layers.source || ""));
      if (lines.length) box.append(h("ul", { class: "cp-calc__lines" }, lines.map((l) => h("li", {}, l))));
      const units = [...(r.table || []), ...(r.split || [])];
      if (units.length) {
        box.append(
          h("p", { class: "cp-muted" }, L.best),
          h(
            "div",
            { class: "cp-calc__split" },
            units.map((u) =>
              h(
                "span",
                { class: "cp-meld", dataset: { set: u.set } },
                C.row(u.cards || "", { scheme, lang, size: "m" }),
                h("span", { class: "cp-meld__label" }, (u.name ? text(u.name, lang) : u.set) + (u.as ? H.wildAs(u.as) : "")),
                typeof u.points === "number" ? h("span", { class: "cp-meld__points", dataset: { points: String(u.points) } }, u.points + " " + H.unit) : null,
              ),
            ),
          ),
        );
      }
      return box;
    }
    function renderHddWaits(r) {
      const scheme = C.schemeFor(state.rules);
      const all = r.waits || [];
      const winning = all.filter((w) => w.win);
      const short = all.filter((w) => !w.win);
      const box = h(
        "div",
        { class: "cp-calc__waits", dataset: { game: "hongdiandian" } },
        h("span", { class: "cp-muted" }, winning.length ? L.waits + (lang === "en" ? ": " : "：") : L.noWaits),
        winning.length ? C.row(winning.map((w) => w.card).join(""), { scheme, lang, size: "s" }) : null,
      );
      if (winning.length) {
        box.append(
          h(
            "ul",
            { class: "cp-calc__wait-list" },
            winning.map((w) => h("li", { dataset: { card: w.ascii, points: String(w.points), layers: String(w.layers) } }, H.waitLine(w, w.class ? text(w.class.name, lang) + (lang === "en" ? ", " : "，") + H.layers(w.layers) : ""))),
          ),
        );
      }
      if (short.length) {
        const sep = lang === "en" ? "; " : "；";
        box.append(h("p", { class: "cp-muted cp-calc__short" }, short.map((w) => H.waitLine(w, w.reason ? text(w.reason, lang) : H.noClass)).join(sep)));
      }
      return box;
    }

    function renderCompare(others, responses) {
      const sep = lang === "en" ? "; " : "；";
      const rows = others.map((t, i) => {
        const [r, w] = responses[i];
        let verdict;
        if (!r.error && r.game === "hongdiandian") {
          verdict = hddVerdict(r);
        } else if (r.error && r.error.code === "card-count" && !w.error && w.rules && gameOf(w.rules) === "hongdiandian") {
          const winning = (w.waits || []).filter((x) => x.win);
          verdict = winning.length ? H.waitsFor + winning.map((x) => H.waitLine(x, x.class ? text(x.class.name, lang) : "")).join(sep) : L.noWaits;
        } else if (!r.error) {
          const win = isWin(r);
          const pts = pointsOf(r);
          verdict = (win == null ? "" : words(t.id).win(win)) + (pts == null ? "" : " · " + words(t.id).points + " " + pts);
          const extra = [...linesOf(r).map((l) => text(l, lang)), ...(r.patterns || []).map(patternText)];
          if (r.grade) extra.push(text(r.grade.name, lang));
          if (extra.length) verdict += " — " + extra.join(sep);
        } else if (r.error.code === "card-count" && !w.error) {
          const winning = (w.waits || []).filter((x) => x.win !== false);
          verdict = winning.length ? L.waits + (lang === "en" ? ": " : "：") + winning.map((x) => x.card + " " + x.points).join(sep) : L.noWaits;
        } else if (r.error.code === "card-count") verdict = L.otherSize;  // 打八张, 打十四张: other hand sizes
        else verdict = text(r.error, lang).replace(/^[a-z_.0-9]+: /, ""); // the field is the engine's, not the reader's
        return h("tr", { dataset: { rules: t.id } }, h("th", { scope: "row" }, label(t)), h("td", {}, verdict));
      });
      return h(
        "div",
        { class: "cp-calc__compare" },
        h("p", { class: "cp-calc__heading" }, h("strong", {}, L.compare)),
        h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, L.rules), h("th", {}, L.verdict))), h("tbody", {}, rows)),
      );
    }

    // 红点点's variants as switches, in the engine's words (each option's question; its "yes" as the tooltip).
    let variantWords = null;
    async function loadVariants() {
      if (variantWords || !window.cp.engine()) return;
      const id = state.traditions.find((t) => t.game === "hongdiandian");
      if (!id) return;
      const r = await window.cp.call({ command: "rules", name: id.id });
      if (r.error || !r.options) return;
      variantWords = r.options;
      state.short = r.deal && r.deal.short_cards ? r.deal.short_cards.value : null;
      variantBox.replaceChildren(
        ...HDD_VARIANTS.filter((v) => variantWords[v]).map((v) => {
          const words = variantWords[v];
          const box = h("input", { type: "checkbox", class: "cp-calc__variant", dataset: { option: v } });
          box.checked = !!state.variants[v];
          box.addEventListener("change", () => {
            state.variants[v] = box.checked;
            changed();
          });
          return h("label", { class: "cp-deal__field", title: text(words.choices.true, lang) }, box, h("span", {}, text(words.question, lang)));
        }),
      );
      showVariants();
    }
    function showVariants() {
      variantBox.hidden = !hdd() || !variantWords;
    }

    renderZones();
    result.replaceChildren(h("p", { class: "cp-muted" }, L.thinking));
    loadVariants().then(compute);
  }

  window.cp.widget("calculator", mount);
})();
