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

  /** Card colour scheme of a rule set: Leshan colours the big cards red, the others 2/7/10. */
  function schemeFor(rules) {
    return String(rules || "").startsWith("leshan") ? "leshan" : "luzhou";
  }

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

  window.cpCards = { ALL_KINDS, parse, format, schemeFor, isRed, name, element, back, row, card, cardsBase };
})();
