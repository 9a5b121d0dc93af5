/* Drawing cards: the site's card images (assets/cards/<scheme>/<ascii>.svg) with alt text, or a
 * CSS-drawn card when the build found no image set for that colour scheme (see
 * <meta name="cp-card-schemes">, written by sitebuild/ext_tutorials.py). */
(function () {
  "use strict";

  const SMALL = "一二三四五六七八九十";
  const BIG = "壹贰叁肆伍陆柒捌玖拾";
  const VARIANTS = { 貳: 2, 叄: 3, 參: 3, 陸: 6, 弍: 2 };
  const SEPARATORS = " \t\n,，、;；|/";

  // The image folder sits beside this script: assets/widgets/cards.js → assets/cards/.
  const scriptUrl = (document.currentScript && document.currentScript.src) || location.href;
  const cardsBase = new URL("../cards/", scriptUrl);

  function card(number, big) {
    const ascii = (number === 10 ? "t" : String(number)) + (big ? "b" : "s");
    return { number, big, ascii, zh: (big ? BIG : SMALL)[number - 1] };
  }

  /** The 20 kinds in palette order: small 一…十, then big 壹…拾. */
  const ALL_KINDS = [];
  for (const big of [false, true]) for (let n = 1; n <= 10; n++) ALL_KINDS.push(card(n, big));

  /** Read Chinese numerals and/or ASCII notation ("123s 27tb"); throws on an unknown character. */
  function parse(value) {
    if (Array.isArray(value)) return value.flatMap(parse);
    const out = [];
    let pending = [];
    const s = String(value || "");
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (SEPARATORS.includes(ch)) continue;
      if (pending.length && (SMALL.includes(ch) || BIG.includes(ch) || VARIANTS[ch])) throw cardError("", i, true);
      let k = SMALL.indexOf(ch);
      if (k >= 0) { out.push(card(k + 1, false)); continue; }
      k = BIG.indexOf(ch);
      if (k >= 0) { out.push(card(k + 1, true)); continue; }
      if (VARIANTS[ch]) { out.push(card(VARIANTS[ch], true)); continue; }
      if (/[1-9]/.test(ch)) { pending.push(Number(ch)); continue; }
      if (ch === "t" || ch === "T") { pending.push(10); continue; }
      if (/[sSbB]/.test(ch) && pending.length) {
        for (const n of pending) out.push(card(n, /[bB]/.test(ch)));
        pending = [];
        continue;
      }
      throw cardError(ch, i + 1, pending.length > 0 && /[^sSbB]/.test(ch));
    }
    if (pending.length) throw cardError("", s.length, true);
    return out;
  }

  /** A reading error in both languages, naming the character and its position (1-based). */
  function cardError(ch, position, missingSuffix) {
    const err = new Error();
    if (missingSuffix && !ch) {
      err.zh = "第 " + position + " 个字符处的数字后面缺少 s（小写）或 b（大写）";
      err.en = "the number at character " + position + " needs an s (small) or b (big) after it";
    } else {
      err.zh = "第 " + position + " 个字符“" + ch + "”不是牌（应为 一…十、壹…拾，或 1s…ts、1b…tb）";
      err.en = "character " + position + " “" + ch + "” is not a card (expected 一…十, 壹…拾, or 1s…ts, 1b…tb)";
    }
    err.code = "bad-card";
    err.where = String(position);
    err.message = err.en;
    return err;
  }

  function format(cards) {
    return cards.map((c) => c.zh).join("");
  }

  /** What the engine says of each rule set — title, tradition, colours, words — and of roles and seats; the build
   * writes it into every page (<script id="cp-engine-names">, sitebuild/ext_tutorials.py engine_names). */
  let engineNames = null;
  function names() {
    if (engineNames === null) {
      const data = document.getElementById("cp-engine-names");
      try {
        engineNames = data ? JSON.parse(data.textContent) : {};
      } catch (e) {
        engineNames = {};
      }
    }
    return engineNames;
  }

  /** One rule set's entry ({title, sources, game, and for the Da Er family tradition, red, point_word, words}), or
   * null. */
  function rulesInfo(rules) {
    return ((names().rules || {})[rules]) || null;
  }

  /** A rule set's Chinese word for points, the engine's (和 in Leshan, 胡 elsewhere); 胡 when the page has none. */
  function pointWord(rules) {
    const info = rulesInfo(rules);
    return (info && info.point_word && info.point_word.zh) || "胡";
  }

  /** A rule set's Chinese word for the win, the engine's (和了 in Leshan, 胡了 elsewhere); 胡 when the page has none.
   * The same word as the points' today in every rule set, but a word of its own in the engine (native_words). */
  function winWord(rules) {
    return nativeWord(rules, "win", "胡");
  }

  /** A rule set's word for a hand one card from the win (下叫 in Leshan, 叫牌 elsewhere), the engine's. */
  function readyWord(rules) {
    return nativeWord(rules, "ready", "叫牌");
  }

  /** One of a rule set's own words (the engine's native_words: pong, kong, four, win, bi, ready, discarder), in
   * Chinese; ``fallback`` when the page does not have it. */
  function nativeWord(rules, key, fallback) {
    const info = rulesInfo(rules);
    const word = info && info.words && info.words[key];
    return (word && word.zh) || fallback;
  }

  // The engine's table takes a laid set by how it was made (pong, kong, four, eat); a deal names its kind.
  const TABLE_WORD = { pong: "pong", kong: "kong", four: "four", run: "eat", "two-seven-ten": "eat", mixed: "eat" };
  /** The engine's "waits" request for a seat of a deal: its hand and its laid sets (a deal's melds, [{kind, cards}]);
   * a set held from the deal (坎, a pair) counts as hand. */
  function waitsRequest(rules, hand, melds) {
    const request = { command: "waits", rules, hand: hand || "", table: [] };
    for (const m of melds || []) {
      if (TABLE_WORD[m.kind]) request.table.push({ set: TABLE_WORD[m.kind], cards: m.cards });
      else request.hand += m.cards;
    }
    return request;
  }

  /** Every rule set the engine has, in its order: [{id, title, sources, game, …}]. */
  function rulesList() {
    return Object.entries(names().rules || {}).map(([id, info]) => ({ id, ...info }));
  }

  /** A rule set's name in a language: its own title (泸州大贰（规则单）), or with {tradition: true} the tradition's. */
  function rulesTitle(rules, language, options) {
    const info = rulesInfo(rules);
    const l = language || (window.cp ? window.cp.lang() : "zh");
    if (!info) return String(rules || "");
    return (options && options.tradition ? info.tradition : info.title)[l === "en" ? "en" : "zh"];
  }

  /** The card-image folder of a rule set, by the engine's colour rule: "big" (every big card red) or 2-7-10. */
  function schemeFor(rules) {
    const info = rulesInfo(rules);
    return info && info.red === "big" ? "leshan" : "luzhou";
  }

  /** Whether a card is red in an image folder's colours (the folder follows one of the engine's two rules). */
  function isRed(c, scheme) {
    return scheme === "leshan" ? c.big : c.number === 2 || c.number === 7 || c.number === 10;
  }

  const NUMBER_EN = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

  /** What a reader hears for a card: "贰（大写，红）" / "big two 贰, red". */
  function name(c, scheme, language) {
    const l = language || (window.cp ? window.cp.lang() : "zh");
    const red = isRed(c, scheme || "luzhou");
    if (l === "en") return (c.big ? "big " : "small ") + NUMBER_EN[c.number - 1] + " " + c.zh + (red ? ", red" : ", black");
    return c.zh + "（" + (c.big ? "大写" : "小写") + "，" + (red ? "红" : "黑") + "）";
  }

  function availableSchemes() {
    const meta = document.querySelector('meta[name="cp-card-schemes"]');
    return new Set(meta ? meta.content.split(/\s+/).filter(Boolean) : []);
  }

  /** One card as an element. options: {scheme, lang, size: "s"|"m"|"l"}. */
  function element(c, options) {
    const o = options || {};
    const scheme = o.scheme || "luzhou";
    const label = name(c, scheme, o.lang);
    const classes = "cp-card cp-card--" + (o.size || "m") + (isRed(c, scheme) ? " cp-card--red" : " cp-card--black");
    if (availableSchemes().has(scheme)) {
      const img = document.createElement("img");
      img.className = classes;
      img.src = new URL(scheme + "/" + c.ascii + ".svg", cardsBase).href;
      img.alt = label;
      img.title = label;
      img.draggable = false;
      img.dataset.card = c.ascii;
      return img;
    }
    const span = document.createElement("span");
    span.className = classes + " cp-card--drawn";
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", label);
    span.title = label;
    span.dataset.card = c.ascii;
    span.textContent = c.zh;
    return span;
  }

  /** The back of a hidden card. */
  function back(size) {
    const span = document.createElement("span");
    span.className = "cp-card cp-card--" + (size || "m") + " cp-card--back";
    span.setAttribute("aria-hidden", "true");
    return span;
  }

  /** A row of cards (string in any notation, or a list of parsed cards). */
  function row(value, options) {
    const o = options || {};
    const wrap = document.createElement("span");
    wrap.className = "cp-cards" + (o.className ? " " + o.className : "");
    const cards = typeof value === "string" || Array.isArray(value) && typeof value[0] === "string" ? parse(value) : value || [];
    for (const c of cards) wrap.append(element(c, o));
    if (!cards.length && o.empty) wrap.append(document.createTextNode(o.empty));
    return wrap;
  }

  window.cpCards = { ALL_KINDS, parse, format, schemeFor, isRed, name, element, back, row, card, cardsBase, names, rulesInfo, rulesList, rulesTitle, pointWord, winWord, readyWord, nativeWord, waitsRequest };
})();

/* A winning hand drawn as its sets, each with its name and points, and its patterns (名堂) with what they add:
 * cpWin.draw(hand) takes the engine's HandResult answer ("score", or a settlement's "hand"). */
(function () {
  "use strict";
  function draw(hand, options) {
    const o = options || {};
    const cp = window.cp;
    const C = window.cpCards;
    const l = o.lang || cp.lang();
    const word = o.word || "胡";
    const unit = (n) => (l === "en" ? n + " pt" + (n === 1 ? "" : "s") : n + " " + word);
    const box = cp.h("div", { class: "cp-win", dataset: { points: String(hand.points) } });
    box.append(
      cp.h("p", { class: "cp-win__title" }, cp.h("strong", {}, o.title || (l === "en" ? "The winning hand" : (o.winWord || word) + "的这手牌")), " · ", cp.h("strong", { class: "cp-win__total" }, unit(hand.points))),
    );
    const sets = cp.h("div", { class: "cp-win__sets" });
    for (const s of hand.sets || []) {
      sets.append(
        cp.h(
          "span",
          { class: "cp-meld cp-win__set" + (s.origin === "win" ? " cp-win__set--won" : ""), dataset: { kind: s.kind || "", points: String(s.points) } },
          C.row(s.cards || "", { scheme: o.scheme, lang: l, size: o.size || "m" }),
          cp.h("span", { class: "cp-meld__label" }, cp.text(s.name, l)),
          cp.h("span", { class: "cp-meld__points" }, unit(s.points)),
        ),
      );
    }
    box.append(sets);
    const patterns = hand.patterns || [];
    if (patterns.length) {
      box.append(
        cp.h("p", { class: "cp-win__patterns-title" }, o.patterns || (l === "en" ? "Patterns" : "名堂")),
        cp.h("ul", { class: "cp-win__patterns" }, patterns.map((p) => cp.h("li", { dataset: { code: p.code || "" } }, cp.text(p.text || p.name, l)))),
      );
    }
    return box;
  }
  window.cpWin = { draw };
})();
