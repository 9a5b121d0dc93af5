/* 戳牌 deal viewer: steps through an annotated deal whose frames the engine computed at build time
 * (changpai.chuopai.record.frames, checked and published by sitebuild/ext_chuopai.py as assets/chuopai/NAME.json).
 * The page already holds the first frame, drawn at build time and readable without scripts; this file adds the
 * step buttons and keys and draws every other frame with the same markup. Rules are not retyped here: each frame
 * says who led, what each seat played and whether it beat, who took the trick, the piles, the hands and the result.
 * The words come from the page (data-words), in its language. */
(function () {
  "use strict";
  const { h } = window.cp;

  // Inline icons (as deal-viewer.js): no icon font to load, and they read the same in every face.
  const svg = (d) => '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="' + d + '"/></svg>';
  const ICONS = {
    first: svg("M6 5h2v14H6zM20 5v14L9 12z"),
    prev: svg("M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z"),
    next: svg("M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z"),
    last: svg("M16 5h2v14h-2zM4 5v14l11-7z"),
  };
  const fill = (t, v) => Object.keys(v).reduce((s, k) => s.split("{" + k + "}").join(String(v[k])), t);
  const pick = (t, lang) => (t ? t[lang] || t.zh : "");

  function mount(el, lang) {
    const W = JSON.parse(el.dataset.words);
    const cards = el.dataset.cards;
    const zh = lang !== "en";
    const colon = zh ? "：" : ": ";
    let view = null;
    let index = 0;

    // Each name's picture and its words come with the frames (the engine's chuopai.cards.PICTURE and
    // picture_label: the joker included), so no card is named here.
    function faces(names) {
      return names.map((n) => {
        const picture = view.faces[n];
        const alt = view.labels && view.labels[n] ? pick(view.labels[n], lang) : n + "（" + picture + "）";
        return h("img", { class: "cp-card", src: cards + picture + ".svg", alt, title: n, width: "16", height: "60" });
      });
    }

    function frameNode(i) {
      const f = view.frames[i];
      const S = W.seats;
      const total = view.frames.length - 1;
      const plays = f.trick.map((p) => {
        let shown, what;
        if (p.down) {
          shown = [h("span", { class: "cp-chuo-back", role: "img", "aria-label": W.faceDown }, String(p.n))];
          what = fill(W.down, { n: p.n });
        } else {
          shown = [...faces(p.cards), " " + p.cards.join(" ")];
          what = p.lead ? W.lead : p.beat ? W.beat : W.under;
        }
        const cls = p.lead ? "is-lead" : p.beat ? "is-beat" : p.down ? "is-down" : "is-under";
        return h("li", { class: "cp-chuo-play " + cls }, h("b", {}, S[p.seat]), colon, ...shown, " ", h("em", {}, what));
      });
      const head = fill(f.trick.length ? W.leads : W.noTrick, { s: S[f.leader] });
      const trick = h("div", { class: "cp-chuo-trick", role: "group", "aria-label": W.trick },
        h("p", { class: "cp-chuo-leader" }, head), h("ol", { class: "cp-chuo-plays" }, plays),
        f.taker == null ? null : h("p", { class: "cp-chuo-taker" }, fill(W.takes, { s: S[f.taker] })));
      const seats = S.map((name, s) => {
        const role = s === W.dealer ? W.roles[0] : W.roles[1];
        const acts = f.to_act === s;
        const pile = f.piles[s];
        return h("section", { class: "cp-chuo-seat" + (acts ? " is-to-act" : "") },
          h("h4", {}, name + " · " + role, acts ? [" · ", h("span", { class: "cp-chuo-act" }, W.toAct)] : null),
          h("div", { class: "cp-chuo-pile" },
            h("span", { class: "cp-chuo-count" }, fill(W.front, { n: f.counts[s] })),
            h("div", { class: "cp-chuo-won" }, faces(pile.won)),
            h("div", { class: "cp-chuo-hard" }, h("span", {}, W.hard), faces(pile.hard))),
          h("div", { class: "cp-chuo-hand" }, h("span", {}, fill(W.hand, { n: f.hands[s].length })), faces(f.hands[s])));
      });
      const notes = h("div", { class: "cp-chuo-notes" });
      if (f.line) notes.append(h("p", { class: "cp-chuo-line" }, pick(f.line, lang)));
      if (f.note) notes.append(h("p", { class: "cp-chuo-note" }, h("strong", {}, W.note), colon + pick(f.note, lang)));
      for (const e of f.events || []) if (e.trick === f.tricks - 1 && f.taker != null) notes.append(h("p", { class: "cp-chuo-event" }, pick(e, lang)));
      if (f.question) {
        const q = f.question;
        notes.append(h("div", { class: "cp-question" },
          h("p", {}, h("strong", {}, W.think), colon + pick(q.prompt, lang)),
          h("ul", {}, q.choices.map((c) => h("li", {}, pick(c.label, lang)))),
          h("details", {}, h("summary", {}, W.show),
            h("p", {}, W.answer + q.answer.map((a) => pick(a, lang)).join(zh ? "；" : "; ") + " — " + pick(q.explain, lang)))));
      }
      if (f.result) {
        const r = f.result;
        const pays = r.payments.map((p) => h("li", {}, fill(W.pays, { a: S[p.payer], b: S[p.payee], n: p.amount }) + colon + pick(p.reason, lang)));
        notes.append(h("div", { class: "cp-chuo-result" },
          h("p", {}, h("strong", {}, W.result), colon + (W.outcomes[r.outcome] || r.outcome)),
          h("p", { class: "cp-chuo-counts" }, W.counts + colon + S.map((n, s) => n + " " + r.counts[s]).join(zh ? "，" : ", ")),
          h("p", { class: "cp-chuo-scores" }, W.scores + colon + S.map((n, s) => n + " " + (r.scores[s] > 0 ? "+" : "") + r.scores[s]).join(zh ? "，" : ", ")),
          pays.length ? h("ul", {}, pays) : null));
      }
      return h("div", { class: "cp-chuo-frame", dataset: { step: String(i) } },
        h("p", { class: "cp-chuo-step", "aria-live": "polite" }, i === 0 ? W.start : fill(W.step, { i: i, n: total })),
        trick, h("div", { class: "cp-chuo-seats" }, seats), notes);
    }

    const btn = (name, label, go) => {
      const b = h("button", { type: "button", class: "cp-chuo-btn", "data-go": name, "aria-label": label, title: label, onclick: go });
      b.innerHTML = ICONS[name];  // a constant of this file, never page data
      return b;
    };
    const buttons = [
      btn("first", W.first, () => show(0)),
      btn("prev", W.prev, () => show(index - 1)),
      btn("next", W.next, () => show(index + 1)),
      btn("last", W.last, () => show(view ? view.frames.length - 1 : 0)),
    ];
    const controls = h("div", { class: "cp-chuo-controls", role: "toolbar", "aria-label": W.steps }, buttons, h("span", { class: "cp-chuo-keys" }, W.keys));

    function show(i) {
      if (!view) return load().then(() => show(i));
      index = Math.max(0, Math.min(view.frames.length - 1, i));
      el.querySelector(".cp-chuo-frame").replaceWith(frameNode(index));
      el.dataset.step = String(index);
      buttons[0].disabled = buttons[1].disabled = index === 0;
      buttons[2].disabled = buttons[3].disabled = index === view.frames.length - 1;
      return Promise.resolve();
    }

    let loading = null;
    function load() {
      if (!loading) {
        loading = fetch(el.dataset.src).then((r) => {
          if (!r.ok) throw new Error(r.status + " " + el.dataset.src);
          return r.json();
        }).then((data) => {
          view = data;
          el.dataset.frames = String(data.frames.length);
        }).catch((err) => {
          loading = null;
          el.append(window.cp.errorBox(err, lang));
          throw err;
        });
      }
      return loading;
    }

    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");
    el.addEventListener("keydown", (ev) => {
      if (ev.target.closest && ev.target.closest("summary, details p, a")) return;
      const to = { ArrowRight: () => index + 1, ArrowLeft: () => index - 1, Home: () => 0, End: () => (view ? view.frames.length - 1 : 1e9) }[ev.key];
      if (!to) return;
      ev.preventDefault();
      (view ? Promise.resolve() : load()).then(() => show(to()), () => {});
    });
    el.querySelector(".cp-chuo-frame").before(controls);  // above the trick: on a phone the buttons stay by it
    buttons[0].disabled = buttons[1].disabled = true;
    // Fetch the frames when the deal comes near the screen, not for every deal at page load.
    if ("IntersectionObserver" in window) {
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) { seen.disconnect(); load().catch(() => {}); }
      }, { rootMargin: "200px" });
      seen.observe(el);
    }
    // Opened on demand (a deal chosen in the match viewer): the frames at once, and the first one drawn.
    if (el.dataset.autoload) load().then(() => show(0)).catch(() => {});
    el.dataset.ready = "1";
  }

  window.cp.widget("chuopai", mount);
})();
