// Home-page widget <div data-cp-widget="hand-check" data-rules="luzhou-a" data-hand="...">: tap cards (or type
// them) into a hand, pick the game, and the engine (api command "waits") says which cards complete it.
// The game is chosen visibly and remembered (cp.tradition); the card colours follow it (Leshan: big cards red).
// The <output> carries data-state (pending | answer | error | failed) and data-hand (the hand it answered).
// 红点点 (cp.tradition.game(id) === "hongdiandian") waits with 15 cards; each wait says its red points, class and 层.
// data-hand-hongdiandian is the sample shown under 红点点; switching games swaps an untouched sample for the other.
(() => {
  "use strict";

  const TEXT = {
    hand: { zh: "你的牌", en: "Your hand" },
    palette: { zh: "点牌加进手里，点手里的牌拿掉", en: "Tap a card to add it; tap a card in the hand to take it back" },
    count: { zh: (n) => `${n} 张（等一张牌时是 20 张）`, en: (n) => `${n} cards (a hand waiting for one card holds 20)` },
    hddCount: { zh: (n) => `${n} 张（红点点等一张牌时是 15 张）`, en: (n) => `${n} cards (a 红点点 hand waiting for one card holds 15)` },
    hddWait: {
      zh: (w, cls) => `${w.points} 点红，${cls}，还剩 ${w.left} 张`,
      en: (w, cls) => `${w.points} red points, ${cls}, ${w.left} left`,
    },
    layers: { zh: (n) => `${n} 层`, en: (n) => `${n} 层` },
    noWin: { zh: "配得拢但不成胡", en: "the pairs hold but it is no win" },
    at: { zh: "位置：", en: "at: " },
    where: {
      zh: (w) => (w === "hand" ? "手牌" : w.startsWith("options") ? "选项" : w),
      en: (w) => (w === "hand" ? "the hand" : w.startsWith("options") ? "the options" : w),
    },
    empty: { zh: "还没有牌：点下面的牌。", en: "No cards yet: tap the cards below." },
    label: { zh: "或者打字输入", en: "Or type it" },
    submit: { zh: "看看听什么", en: "What does it wait for?" },
    clear: { zh: "清空", en: "Clear" },
    sample: { zh: "换回例子", en: "Back to the example" },
    hint: {
      zh: "可以直接打汉字（一二三 壹贰叁），或者数字加 s（小写）/ b（大写），十写作 t，例如 “123s 27tb”。",
      en: "Type the characters (一二三 壹贰叁), or digits followed by s (small) or b (big), t for ten, e.g. “123s 27tb”.",
    },
    none: { zh: "这手牌还不听牌：没有哪一张牌能让它成牌。", en: "This hand is not ready: no single card completes it." },
    waits: { zh: "听这些牌：", en: "It waits for:" },
    thinking: { zh: "正在计算…", en: "Working…" },
    engine: { zh: "规则引擎版本", en: "Engine version" },
    more: { zh: "在手牌计算器里细看这手牌 →", en: "Look at this hand in the hand calculator →" },
  };

  const cp = () => window.cp;
  const lang = () => (window.cp ? window.cp.lang() : "zh");
  const t = (key) => TEXT[key][lang()];

  // The engine's words for points and for the win (和 in Leshan, 胡 elsewhere), from the page's engine data (cards.js).
  const pointWord = (rules) => (window.cpCards ? window.cpCards.pointWord(rules) : "胡");
  const winWord = (rules) => (window.cpCards ? window.cpCards.winWord(rules) : "胡");

  // 红点点's wait: {"card", "points", "win", "layers", "left", "class": {name, …} | null, "reason"?}.
  function hddDetail(wait) {
    const l = lang();
    const why = wait.win && wait.class
      ? cp().text(wait.class.name, l) + (l === "en" ? ", " : "，") + TEXT.layers[l](wait.layers)
      : t("noWin") + (wait.reason ? (l === "en" ? ": " : "：") + cp().text(wait.reason, l) : "");
    return TEXT.hddWait[l](wait, why);
  }

  // One wait: {"card": "十", "ascii": "ts", "points": 15, "win": true, "left": 4}; "minimum" is on the answer.
  function waitItem(wait, minimum, scheme, rules) {
    const l = lang();
    const C = window.cpCards;
    const word = pointWord(rules);
    const win = winWord(rules);
    const li = document.createElement("li");
    li.className = wait.win ? "cp-wait cp-wait--wins" : "cp-wait";
    const img = C.element(C.parse(wait.card)[0], { scheme, lang: l, size: "l" });
    img.classList.add("cp-card-img");
    const face = document.createElement("span");
    face.className = "cp-card-face";
    face.textContent = wait.card;
    const detail = document.createElement("span");
    detail.className = "cp-wait__detail";
    if (cp().tradition.game(rules) === "hongdiandian") {
      detail.textContent = hddDetail(wait);
    } else if (l === "zh") {
      detail.textContent = `${wait.points} ${word}，${wait.win ? `够${word}` : `不够 ${minimum} ${word}起${win}`}，还剩 ${wait.left} 张`;
    } else {
      detail.textContent = `${wait.points} points, ${wait.win ? "enough to win" : `below the ${minimum} needed to win`}, ${wait.left} left`;
    }
    li.append(img, " ", face, " ", detail);
    return li;
  }

  function render(answer, response, scheme, rules) {
    answer.innerHTML = "";
    const waits = response.waits || [];
    if (!waits.length) {
      const p = document.createElement("p");
      p.textContent = t("none");
      answer.append(p);
      const reasons = (response.reasons || []).filter((r) => r.code !== "not-ready");
      if (reasons.length) {
        const ul = document.createElement("ul");
        ul.className = "cp-hand-check__reasons";
        for (const r of reasons) {
          const li = document.createElement("li");
          li.textContent = cp().text(r, lang());
          ul.append(li);
        }
        answer.append(ul);
      }
      return;
    }
    const title = document.createElement("p");
    title.textContent = t("waits");
    const list = document.createElement("ul");
    list.className = "cp-waits";
    for (const wait of waits) list.append(waitItem(wait, response.minimum, scheme, rules));
    answer.append(title, list);
  }

  function mount(root) {
    const { h } = cp();
    const C = window.cpCards;
    const engine = window.changpaiEngine;
    const l = lang();
    const uid = `cp-hand-${Math.random().toString(36).slice(2, 8)}`;
    const samples = { daer: root.dataset.hand || "", hongdiandian: root.dataset.handHongdiandian || "" };
    let rules = cp().tradition.get(root.dataset.rules || "luzhou-a");
    const game = () => cp().tradition.game(rules);
    const sampleOf = (g) => samples[g] || samples.daer;
    root.classList.add("cp-widget", "cp-hand-check");
    root.dataset.rules = rules;

    const scheme = () => C.schemeFor(rules);
    const input = h("input", { id: uid, name: "hand", type: "text", maxlength: "400", autocomplete: "off", spellcheck: "false", lang: l }); // maxlength: the engine's MAX_CARD_TEXT
    input.value = sampleOf(game());
    const handRow = h("div", { class: "cp-hand-check__hand", "aria-live": "polite" });
    const countLine = h("p", { class: "cp-hand-check__count" });
    const palette = h("div", { class: "cp-hand-check__palette", role: "group", "aria-label": t("palette") });
    const answer = h("output", { class: "cp-hand-check__answer", for: uid, "aria-live": "polite", lang: l });
    const status = h("div", { class: "cp-hand-check__status" });
    const more = h("a", { class: "cp-hand-check__more" }, t("more"));
    const picker = cp().tradition.picker(rules, l, (id) => {
      const before = game();
      rules = id;
      if (game() !== before) {
        // another game: the other game's untouched sample (or nothing) gives way to this game's sample
        const now = (cards() || []).map((c) => c.zh).join("");
        const other = C.format(C.parse(sampleOf(before) || ""));
        if (!now || now === other) input.value = sampleOf(game());
      }
      root.dataset.rules = id;
      redraw();
      if (input.value.trim()) ask();
    });

    // The hand is the text in the box: taps write into it, typing is read from it (one source, no drift).
    const cards = () => {
      try {
        return C.parse(input.value);
      } catch (err) {
        return null;
      }
    };
    const setCards = (list) => {
      input.value = C.format(list);
      redraw();
    };
    const paletteButtons = C.ALL_KINDS.map((c) => {
      const n = h("span", { class: "cp-hand-check__left" });
      const b = h("button", { type: "button", class: "cp-hand-check__kind", dataset: { card: c.ascii } });
      b.addEventListener("click", () => {
        const list = cards() || [];
        if (list.filter((x) => x.ascii === c.ascii).length >= 4) return;
        list.push(c);
        list.sort((a, b2) => a.big - b2.big || a.number - b2.number);
        setCards(list);
      });
      palette.append(b);
      return { card: c, button: b, left: n };
    });

    function redraw() {
      const list = cards();
      handRow.replaceChildren();
      if (list === null) {
        countLine.textContent = "";
      } else if (!list.length) {
        handRow.append(h("span", { class: "cp-muted" }, t("empty")));
        countLine.textContent = "";
      } else {
        list.forEach((c, i) => {
          const b = h(
            "button",
            { type: "button", class: "cp-hand-check__held", "aria-label": (l === "en" ? "Take back " : "拿掉 ") + C.name(c, scheme(), l) },
            C.element(c, { scheme: scheme(), lang: l, size: "m" }),
          );
          b.addEventListener("click", () => {
            const now = cards() || [];
            now.splice(i, 1);
            setCards(now);
          });
          handRow.append(b);
        });
        countLine.textContent = t(game() === "hongdiandian" ? "hddCount" : "count")(list.length);
      }
      for (const p of paletteButtons) {
        const used = (list || []).filter((x) => x.ascii === p.card.ascii).length;
        p.button.replaceChildren(C.element(p.card, { scheme: scheme(), lang: l, size: "m" }), p.left);
        p.left.textContent = `${4 - used}`;
        p.button.disabled = used >= 4;
        p.button.setAttribute("aria-label", C.name(p.card, scheme(), l) + (l === "en" ? `, ${4 - used} left` : `，还剩 ${4 - used} 张`));
      }
      const base = engine ? engine.siteRoot : "../";
      const lp = l === "en" ? "en/" : "";
      more.href = `${base}${lp}learn/calculator.html?rules=${encodeURIComponent(rules)}&hand=${encodeURIComponent(C.format(list || []))}`;
    }

    const clearBtn = h("button", { type: "button", class: "cp-btn cp-hand-check__clear" }, t("clear"));
    clearBtn.addEventListener("click", () => {
      setCards([]);
      answer.replaceChildren();
    });
    const sampleBtn = h("button", { type: "button", class: "cp-btn cp-hand-check__sample" }, t("sample"));
    sampleBtn.addEventListener("click", () => {
      input.value = sampleOf(game());
      redraw();
      ask();
    });
    const submit = h("button", { type: "submit", class: "md-button md-button--primary" }, t("submit"));
    const form = h(
      "form",
      { class: "cp-hand-check__form" },
      picker,
      h("p", { class: "cp-hand-check__title" }, h("strong", {}, t("hand")), " ", countLine),
      handRow,
      h("p", { class: "cp-muted cp-hand-check__palette-hint" }, t("palette")),
      palette,
      h("div", { class: "cp-hand-check__actions" }, submit, clearBtn, sampleBtn),
      h("div", { class: "cp-hand-check__typed" }, h("label", { for: uid }, t("label")), input),
      h("p", { class: "cp-hand-check__hint" }, t("hint")),
    );
    root.replaceChildren(form, status, answer, h("p", {}, more), h("p", { class: "cp-hand-check__version" }));
    input.addEventListener("input", redraw);
    redraw();
    if (engine) engine.status(status);

    const ask = async () => {
      answer.classList.remove("cp-error");
      answer.textContent = t("thinking");
      answer.dataset.state = "pending";
      const request = { command: "waits", hand: input.value, rules };
      try {
        const response = await engine.call(request);
        if (response.error) {
          answer.classList.add("cp-error");
          answer.textContent = cp().text(response.error, lang()) || response.error.code;
          const where = response.error.where;
          if (where) {
            // where the engine found the fault, in the reader's words (the hand, a laid set, the options)
            answer.append(h("span", { class: "cp-hand-check__where", dataset: { where } }, ` (${t("at")}${TEXT.where[lang()](where)})`));
          }
        } else {
          render(answer, response, C.schemeFor(request.rules), request.rules);
        }
        answer.dataset.hand = request.hand;
        answer.dataset.state = response.error ? "error" : "answer";
      } catch (err) {
        answer.textContent = ""; // the status element shows the load failure
        answer.dataset.state = "failed";
      }
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ask();
    });
    if (!engine) return;
    engine.ready.then(
      async () => {
        const version = await engine.call({ command: "version" });
        if (!version.error) root.querySelector(".cp-hand-check__version").textContent = `${t("engine")} ${version.version}`;
        if (input.value && !answer.dataset.state) ask();
      },
      () => {},
    );
  }

  // core.js and cards.js (window.cp, cp.tradition) come before this file (mkdocs.yml); should cp not be there yet,
  // register at DOMContentLoaded, which follows every deferred script. It mounts on every instant navigation.
  const register = () => window.cp.widget("hand-check", mount);
  if (window.cp && window.cp.widget) register();
  else document.addEventListener("DOMContentLoaded", register, { once: true });
})();
