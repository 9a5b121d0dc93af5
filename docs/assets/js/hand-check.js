// Home-page widget <div data-cp-widget="hand-check" data-rules="luzhou-a" data-hand="..."></div>:
// type a hand, the engine (in the worker) says what it waits for.
(() => {
  "use strict";

  const TEXT = {
    label: { zh: "一手牌", en: "A hand" },
    rules: { zh: "规则", en: "Rules" },
    submit: { zh: "看看听什么", en: "What does it wait for?" },
    hint: {
      zh: "写法：数字 1–9，十写作 t，后面跟 s（小写）或 b（大写），例如 “123s 27tb”。",
      en: "Notation: digits 1–9, t for ten, then s (small) or b (big), e.g. “123s 27tb”.",
    },
    ready: { zh: "这手牌已经成牌，没有要等的牌。", en: "This hand is complete: it waits for nothing." },
    none: { zh: "这手牌还不听牌。", en: "This hand is not ready: no card completes it." },
    waits: { zh: "听这些牌：", en: "It waits for:" },
    thinking: { zh: "正在计算…", en: "Working…" },
    engine: { zh: "规则引擎版本", en: "Engine version" },
  };

  function t(key) {
    return TEXT[key][window.changpaiEngine.lang()];
  }

  function errorText(error) {
    const lang = window.changpaiEngine.lang();
    const where = error.where ? ` (${error.where})` : "";
    return `${error[lang] || error.en || error.code}${where}`;
  }

  function describe(response) {
    // The engine's "waits" answer: {"waits": [{"card": "...", "name": {"zh","en"}, ...}], ...}
    const lang = window.changpaiEngine.lang();
    const waits = response.waits || [];
    if (response.complete) return t("ready");
    if (!waits.length) return t("none");
    const names = waits.map((w) => (w.name && w.name[lang]) || w.card || JSON.stringify(w));
    return `${t("waits")} ${names.join(lang === "zh" ? "、" : ", ")}`;
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
      <output class="cp-hand-check__answer" for="${uid}" aria-live="polite"></output>
      <p class="cp-hand-check__version"></p>`;
    const form = root.querySelector("form");
    const input = root.querySelector("input");
    const answer = root.querySelector("output");
    input.value = root.dataset.hand || "";
    engine.status(root.querySelector(".cp-hand-check__status"));

    const ask = async () => {
      answer.classList.remove("cp-error");
      answer.textContent = t("thinking");
      const request = { command: "waits", hand: input.value, rules: root.dataset.rules || "luzhou-a" };
      try {
        const response = await engine.call(request);
        if (response.error) {
          answer.classList.add("cp-error");
          answer.textContent = errorText(response.error);
        } else {
          answer.textContent = describe(response);
        }
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
        if (!version.error) root.querySelector(".cp-hand-check__version").textContent = `${t("engine")} ${version.engine || version.version || ""}`;
        if (input.value) ask();
      },
      () => {},
    );
  }

  const mountAll = () => document.querySelectorAll('[data-cp-widget="hand-check"]').forEach(mount);
  if (window.document$) window.document$.subscribe(mountAll);
  else document.addEventListener("DOMContentLoaded", mountAll);
})();
