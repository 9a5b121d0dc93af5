// Home-page widget <div data-cp-widget="hand-check" data-rules="luzhou-a" data-scheme="luzhou" data-hand="...">:
// type a hand, the engine (in the worker, api command "waits") says which cards complete it.
// The <output> carries data-state (pending | answer | error | failed) and data-hand (the hand it answered).
(() => {
  "use strict";

  const TEXT = {
    label: { zh: "一手牌", en: "A hand" },
    submit: { zh: "看看听什么", en: "What does it wait for?" },
    hint: {
      zh: "写法：数字 1–9，十写作 t，后面跟 s（小写，一二三）或 b（大写，壹贰叁），例如 “123s 27tb”。等一张牌的手牌有 20 张。",
      en: "Notation: digits 1–9, t for ten, then s (small: 一二三) or b (big: 壹贰叁), e.g. “123s 27tb”. A hand waiting for one card holds 20.",
    },
    none: { zh: "这手牌还不听牌：没有哪一张牌能让它成牌。", en: "This hand is not ready: no single card completes it." },
    waits: { zh: "听这些牌：", en: "It waits for:" },
    thinking: { zh: "正在计算…", en: "Working…" },
    engine: { zh: "规则引擎版本", en: "Engine version" },
  };

  function t(key) {
    return TEXT[key][window.changpaiEngine.lang()];
  }

  function errorText(error) {
    const lang = window.changpaiEngine.lang();
    return error[lang] || error.en || error.code;
  }

  // One wait: {"card": "十", "ascii": "ts", "points": 15, "win": true, "left": 4}; "minimum" is on the answer.
  function waitItem(wait, minimum, scheme) {
    const lang = window.changpaiEngine.lang();
    const li = document.createElement("li");
    li.className = wait.win ? "cp-wait cp-wait--wins" : "cp-wait";
    const img = document.createElement("img");
    img.className = "cp-card-img";
    img.src = `${window.changpaiEngine.siteRoot}assets/cards/${scheme}/${wait.ascii}.svg`;
    img.alt = wait.card;
    img.width = 28;
    img.height = 84;
    const face = document.createElement("span");
    face.className = "cp-card-face";
    face.textContent = wait.card;
    const detail = document.createElement("span");
    detail.className = "cp-wait__detail";
    if (lang === "zh") {
      detail.textContent = `${wait.points} 胡，${wait.win ? "够胡" : `不够 ${minimum} 胡起胡`}，还剩 ${wait.left} 张`;
    } else {
      detail.textContent = `${wait.points} points, ${wait.win ? "enough to win" : `below the ${minimum} needed to win`}, ${wait.left} left`;
    }
    li.append(img, " ", face, " ", detail);
    return li;
  }

  function render(answer, response, scheme) {
    answer.innerHTML = "";
    const waits = response.waits || [];
    if (!waits.length) {
      answer.textContent = t("none");
      return;
    }
    const title = document.createElement("p");
    title.textContent = t("waits");
    const list = document.createElement("ul");
    list.className = "cp-waits";
    for (const wait of waits) list.append(waitItem(wait, response.minimum, scheme));
    answer.append(title, list);
  }

  function mount(root) {
    if (root.dataset.cpMounted) return;
    root.dataset.cpMounted = "1";
    const engine = window.changpaiEngine;
    const lang = engine.lang();
    const uid = `cp-hand-${Math.random().toString(36).slice(2, 8)}`;
    root.classList.add("cp-widget", "cp-hand-check");
    root.innerHTML = `
      <form class="cp-hand-check__form">
        <label for="${uid}">${t("label")}</label>
        <input id="${uid}" name="hand" type="text" autocomplete="off" spellcheck="false" lang="${lang}">
        <button type="submit" class="md-button md-button--primary">${t("submit")}</button>
      </form>
      <p class="cp-hand-check__hint">${t("hint")}</p>
      <div class="cp-hand-check__status"></div>
      <output class="cp-hand-check__answer" for="${uid}" aria-live="polite" lang="${lang}"></output>
      <p class="cp-hand-check__version"></p>`;
    const form = root.querySelector("form");
    const input = root.querySelector("input");
    const answer = root.querySelector("output");
    input.value = root.dataset.hand || "";
    engine.status(root.querySelector(".cp-hand-check__status"));

    const ask = async () => {
      answer.classList.remove("cp-error");
      answer.textContent = t("thinking");
      answer.dataset.state = "pending";
      const request = { command: "waits", hand: input.value, rules: root.dataset.rules || "luzhou-a" };
      try {
        const response = await engine.call(request);
        if (response.error) {
          answer.classList.add("cp-error");
          answer.textContent = errorText(response.error);
        } else {
          render(answer, response, root.dataset.scheme || "luzhou");
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
    engine.ready.then(
      async () => {
        const version = await engine.call({ command: "version" });
        if (!version.error) root.querySelector(".cp-hand-check__version").textContent = `${t("engine")} ${version.version}`;
        if (input.value) ask();
      },
      () => {},
    );
  }

  const mountAll = () => document.querySelectorAll('[data-cp-widget="hand-check"]').forEach(mount);
  // document$ fires on every instant navigation; it does not fire for pages opened from file://, so mount
  // once on load as well (mount() ignores an element it has already set up).
  if (window.document$) window.document$.subscribe(mountAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
