/* Shared plumbing for the interactive widgets: mounting, the page's language, bilingual text,
 * the in-page engine and error messages. Each widget registers itself with cp.widget(name, mount);
 * mounting runs on every page load, including mkdocs-material's instant navigation (document$). */
(function () {
  "use strict";

  const registry = new Map();

  function lang() {
    const l = (document.documentElement.lang || "zh").toLowerCase();
    return l.startsWith("en") ? "en" : "zh";
  }

  /** Pick one language out of {zh, en} (or return plain strings unchanged). */
  function text(value, language) {
    if (value == null) return "";
    if (typeof value === "string") return value;
    const l = language || lang();
    return value[l] != null ? value[l] : value.zh != null ? value.zh : value.en || "";
  }

  /** Create an element: h("button", {class: "x", onclick: f}, child, "text", …). */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value == null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
      else if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key === "dataset") Object.assign(el.dataset, value);
      else el.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child == null || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  /** A message box shown inside a widget; never leaves the widget blank. */
  function errorBox(error, language) {
    const l = language || lang();
    const box = h("div", { class: "cp-error", role: "alert" });
    const head = l === "en" ? "Something went wrong" : "出错了";
    let body;
    let where = null;
    if (error && typeof error === "object" && (error.zh || error.en)) {
      body = text(error, l);
      where = error.where || null;
    } else {
      body = String((error && error.message) || error);
    }
    box.append(h("strong", {}, head + (l === "en" ? ": " : "：")), h("span", { class: "cp-error__text" }, body));
    if (where && body.indexOf(where) === -1) {
      box.append(h("span", { class: "cp-error__where" }, (l === "en" ? " (at " : "（位置：") + where + (l === "en" ? ")" : "）")));
    }
    if (error && error.code) box.dataset.code = error.code;
    return box;
  }

  /** The engine (Pyodide in a Web Worker), or null when the page has none. */
  function engine() {
    const e = window.changpaiEngine;
    return e && typeof e.call === "function" ? e : null;
  }

  /** Call the engine; resolves to the response, or to {error: {...}} for any failure (never rejects). */
  async function call(request) {
    const e = engine();
    if (!e) {
      return { error: { code: "no-engine", where: null, zh: "本页没有载入规则引擎", en: "the rules engine is not loaded on this page" } };
    }
    try {
      await e.ready;
      const response = await e.call(request);
      if (response == null || typeof response !== "object") {
        return { error: { code: "bad-response", where: request.command, zh: "引擎没有给出结果", en: "the engine returned no result" } };
      }
      return response;
    } catch (err) {
      if (err && err.zh && err.en) return { error: { code: err.code || "engine-failed", where: request.command, zh: err.zh, en: err.en } };
      const message = String((err && err.message) || err);
      return {
        error: { code: "engine-failed", where: request.command, zh: "规则引擎出错：" + message, en: "the rules engine failed: " + message },
      };
    }
  }

  /** The engine's loading indicator (progress while Pyodide loads, a clear message if it fails). */
  function engineStatus() {
    const el = h("p", { class: "cp-engine-status", hidden: true });
    const e = engine();
    if (e && typeof e.status === "function") e.status(el);
    return el;
  }

  /** Reading the engine's "score" and "waits" answers (changpai.api). */
  const result = {
    points(r) {
      for (const key of ["points", "total", "hu", "hu_points"]) if (r && typeof r[key] === "number") return r[key];
      return null;
    },
    isWin(r) {
      for (const key of ["win", "is_win", "complete"]) if (r && typeof r[key] === "boolean") return r[key];
      return null;
    },
    split(r) {
      return (r && (r.split || r.sets || r.melds || (r.best && (r.best.sets || r.best.split)))) || [];
    },
    lines(r) {
      if (!r) return [];
      if (r.reasons && r.reasons.length) return r.reasons;
      return r.reason ? [r.reason] : r.lines || [];
    },
    waits(r) {
      return ((r && r.waits) || []).map((w) => (typeof w === "string" ? w : w.card));
    },
  };

  /** The tradition a visitor plays, chosen visibly in any hand input and remembered across pages and visits.
   * The picker offers these rule sets, in this order; their names, sources and games are the engine's (the page's
   * cp-engine-names, read by cards.js). The first rule set of a tradition goes by the tradition's name (泸州大贰),
   * a further one by its own title; the engine's rule-set id stays in data attributes, never in the text. */
  const PICKED = ["luzhou-a", "luzhou-b", "leshan", "wuchuan", "wuchuan-hongdiandian-sicheng", "wuchuan-hongdiandian-huada"];
  let picked = null;
  function traditions() {
    if (picked) return picked;
    const info = (id) => (window.cpCards && window.cpCards.rulesInfo(id)) || null;
    const named = new Set();
    const list = PICKED.filter(info).map((id) => {
      const r = info(id);
      const key = r.tradition && JSON.stringify(r.tradition);
      const name = key && !named.has(key) ? r.tradition : r.title;
      if (key) named.add(key);
      return { id, zh: name.zh, en: name.en, sources: r.sources, game: r.game };
    });
    if (list.length) picked = list; // (none before cards.js has read the page's data: asked again later)
    return list;
  }
  const TRADITION_KEY = "cp-tradition";
  const tradition = {
    get list() {
      return traditions();
    },
    get(fallback) {
      let saved = null;
      try {
        saved = window.localStorage.getItem(TRADITION_KEY);
      } catch (err) {
        saved = null; // storage blocked (private mode, file://): the page's own default serves
      }
      const list = traditions();
      if (list.some((t) => t.id === saved)) return saved;
      return list.some((t) => t.id === fallback) || !list.length ? fallback : list[0].id;
    },
    set(id) {
      try {
        window.localStorage.setItem(TRADITION_KEY, id);
      } catch (err) {
        /* not remembered, still used on this page */
      }
    },
    /** The game a rule set belongs to, as the engine says: "hongdiandian" for 红点点, else "daer" (the Da Er family). */
    game(id) {
      const r = window.cpCards && window.cpCards.rulesInfo(id);
      return (r && r.game) || "daer";
    },
    name(id, language) {
      const t = traditions().find((x) => x.id === id);
      return t ? text(t, language) : id;
    },
    /** A row of buttons, one per tradition, the chosen one pressed; onChange(id) after a tap. */
    picker(current, language, onChange) {
      const l = language || lang();
      const group = h("div", { class: "cp-tradition", role: "radiogroup", "aria-label": l === "en" ? "Which game" : "哪种打法" });
      const buttons = traditions().map((t) =>
        h("button", { type: "button", role: "radio", class: "cp-tradition__choice", dataset: { rules: t.id } }, text(t, l)),
      );
      const show = (id) => {
        for (const b of buttons) b.setAttribute("aria-checked", String(b.dataset.rules === id));
      };
      for (const b of buttons) {
        b.addEventListener("click", () => {
          show(b.dataset.rules);
          tradition.set(b.dataset.rules);
          onChange(b.dataset.rules);
        });
      }
      group.append(h("span", { class: "cp-tradition__label" }, l === "en" ? "Game:" : "打法："), ...buttons);
      show(current);
      group.select = show;
      return group;
    },
  };

  function reducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // Run `then` once `el` comes within `margin` of the screen (at once where IntersectionObserver is missing).
  function whenNear(el, then, margin = "300px") {
    if (!("IntersectionObserver" in window)) return then();
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        then();
      },
      { rootMargin: margin },
    );
    near.observe(el);
  }

  // A folded deal's static pictures wait in <noscript data-cp-unfold> (sitebuild/ext_tutorials.py): with scripts on,
  // the browser keeps them as text until the deal is opened. Unfolding parses that text; a page that came through
  // instant navigation (parsed without scripting) holds them as elements already, which are moved out as they are.
  function unfold(root) {
    for (const box of root.querySelectorAll("noscript[data-cp-unfold]")) {
      if (box.firstElementChild) {
        box.replaceWith(...box.childNodes);
      } else {
        const parsed = document.createElement("template");
        parsed.innerHTML = box.textContent;
        box.replaceWith(parsed.content);
      }
    }
  }
  // (toggle does not bubble: caught on the way down)
  document.addEventListener("toggle", (event) => {
    if (event.target.open) unfold(event.target);
  }, true);

  function widget(name, mount) {
    registry.set(name, mount);
    mountAll();
  }

  // The kinds registered so far: lean.js adds the scripts a page was built without when a later page needs one.
  function registered(name) {
    return registry.has(name);
  }

  function mountAll() {
    for (const [name, mount] of registry) {
      for (const el of document.querySelectorAll('[data-cp-widget="' + name + '"]')) {
        if (el.dataset.cpMounted) continue;
        el.dataset.cpMounted = "1";
        try {
          // A widget drawn in a given language (data-lang, as the kiosk's copies are) keeps it.
          mount(el, el.dataset.lang === "en" || el.dataset.lang === "zh" ? el.dataset.lang : lang());
        } catch (err) {
          console.warn("changpai widget", name, err);
          el.append(errorBox(err));
        }
      }
    }
  }

  window.cp = Object.assign(window.cp || {}, { lang, text, h, errorBox, engine, call, engineStatus, result, tradition, reducedMotion, whenNear, unfold, widget, registered, mountAll });

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => mountAll());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  }
})();
