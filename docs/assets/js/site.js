// Site-wide behaviour that is not a widget.
(() => {
  "use strict";

  // Language switch: go to the same page in the other language. The build writes one
  // <meta name="cp-alternate" data-lang=".." content="relative url"> per language into <head>
  // (docs/overrides/main.html); instant navigation swaps <head> meta tags, so they follow the reader.
  // Without a counterpart the link's own target (that language's home page) is used. Either way the other language
  // is a new page load, never an instant navigation: the search keeps the index of the language it started in
  // (lean.js), and the page's language would not match it.
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a.md-select__link[hreflang]") : null;
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const lang = link.getAttribute("hreflang");
      const meta = document.querySelector(`meta[name="cp-alternate"][data-lang="${lang}"]`);
      event.preventDefault();
      event.stopPropagation();
      const target = new URL(meta ? meta.getAttribute("content") : link.href, location.href);
      // A deal viewer's step (#deal-ID-N) means the same step on the other page; other anchors differ by language.
      target.hash = meta && /^#deal-/.test(location.hash) ? location.hash : "";
      location.assign(target.href);
    },
    true,
  );

  // Search shows the page's language only. lean.js gives the search the index of the page's language; where it
  // cannot (a site opened from file://, where Material reads the whole index of both languages, or a language's
  // index that failed to load), results for the other language (pages under /en/ or not) are dropped as they are
  // drawn, and the count follows.
  const english = () => (document.documentElement.lang || "").toLowerCase().startsWith("en");
  const isEnglishUrl = (href) => /\/en\//.test(new URL(href, location.href).pathname);
  function filterResults(list) {
    const want = english();
    let kept = 0;
    for (const item of list.querySelectorAll(":scope > .md-search-result__item")) {
      const link = item.querySelector("a[href]");
      const keep = !link || isEnglishUrl(link.href) === want;
      item.hidden = !keep;
      if (keep) kept += 1;
    }
    const meta = document.querySelector(".md-search-result__meta");
    if (meta && list.children.length) {
      meta.dataset.cpKept = String(kept);
      const text = want
        ? kept === 0 ? "No matching documents" : kept === 1 ? "1 matching document" : `${kept} matching documents`
        : kept === 0 ? "没有找到符合条件的结果" : `找到 ${kept} 个符合条件的结果`;
      if (meta.textContent !== text) meta.textContent = text;
    }
  }
  const watch = () => {
    const list = document.querySelector(".md-search-result__list");
    if (!list || list.dataset.cpWatched) return;
    list.dataset.cpWatched = "1";
    new MutationObserver(() => filterResults(list)).observe(list, { childList: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
  if (window.document$) window.document$.subscribe(watch);

  // Queries, as the search worker gets them (type 2: Material's search message; the box keeps what was typed).
  // * Material cuts a run of Han characters into the index's words, but never takes the run's last word whole: 小家
  //   was searched as 小* (小课 and 小写 came first), 和牌 as 和*. A closing 〇, a character no word begins with there,
  //   lets the last word be found whole.
  // * A question (小家怎么打, 红点点怎么玩) ranked pages by any of its words, so pages titled with 怎么 came first: the
  //   question words are left out, and with them a character left alone beside a longer word (打).
  // * An everyday verb left alone by a question (牌是怎么做的, 长牌怎么做) is searched in the word the pages use for it
  //   (纸牌的制作: not 做, which found the colophon, 本站是怎样做成的, first), with its closing 的 / 了 / 出来.
  // * The asker's own words (我想打牌, 我要看牌局) are left out too: every word of a search must be found, and no page
  //   says 我 alone (the pages say 我们), so such a question found nothing; and the 和 of 和电脑打牌 ("with the
  //   computer"), which made the Leshan page (和牌, 和数) the first answer.
  // * A question of where (泸州在哪里, "where is Luzhou") is searched with the places page's own word for it
  //   (流行地区; "Where the games are played"): it found the rules page of the town first.
  // * An English question (how do I win, what is a pong) is searched without its opening words, as the Chinese ones
  //   are: "how do I win" put the sources page first, where "win" alone finds a rules page.
  const PLACE_QUESTION = /在哪里|在哪儿|在哪|哪里|哪儿/g;
  const ENGLISH_QUESTION =
    /^(?:please\s+)?(?:how\s+(?:do|does|can|did|should)\s+(?:i|you|we|one|they|people)|how\s+(?:to|is|are)|what\s+(?:is|are|does|do)|who\s+(?:is|are)|why\s+(?:is|are|do|does)|tell\s+me\s+about)\s+(?:(?:an?|the)\s+)?/i;
  const ENGLISH_PLACE_QUESTION = /^where\s+(?:is|are|do|does)\s+(?:(?:the|people)\s+)?/i;
  function englishTerms(query) {
    const asked = query.trim().replace(/[?？]+$/, "");
    let terms = asked.replace(ENGLISH_PLACE_QUESTION, "played ");
    if (terms === asked) {
      const stripped = asked.replace(ENGLISH_QUESTION, "");
      // "how to play (Leshan)" asks for the rules: "play" alone found the places page (Where the games are played)
      terms = stripped === asked ? asked : stripped.replace(/^play\b/i, "rules");
    }
    return terms.trim() ? terms : query;
  }
  const QUESTION_WORDS = /我想|我要|想要|帮我|请问|我|[和跟与同](?=电脑)|是怎么样|是怎么|是怎样|是什么|是如何|怎么样|怎么|怎样|如何|为什么|为啥|什么是|什么|哪些|哪个|是不是|有没有|吗|呢|吧/g;
  const QUESTION_ENDING = /(?:出来)?(?:的|了|啊|呀)?$/u;
  const PAGES_WORDS = new Map([
    ["做", "制作"],
    ["造", "制作"],
    ["做成", "制作"],
    ["制造", "制作"],
    ["玩", "打"], // (the pages play cards with 打: 怎么玩 searches as 怎么打; 红点点怎么玩 as 红点点)
  ]);
  function searchTerms(query) {
    if (!/\p{sc=Han}/u.test(query)) return englishTerms(query);
    const parts = query
      .replace(PLACE_QUESTION, " 地区 ")
      .replace(QUESTION_WORDS, " ")
      .split(/\s+/)
      .filter(Boolean)
      .map((part) => PAGES_WORDS.get(part.replace(QUESTION_ENDING, "")) ?? part); // (目的 stays 目的)
    const hasWord = parts.some((part) => [...part].length > 1);
    const kept = parts.filter((part) => !(hasWord && /^\p{sc=Han}$/u.test(part)));
    return (kept.length ? kept.join(" ") : query).replace(/\p{sc=Han}+/gu, (run) => run + "〇");
  }
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 2 && typeof message.data === "string") {
      message = { ...message, data: searchTerms(message.data) };
    }
    return postMessage.call(this, message, ...rest);
  };

  // A region that scrolls sideways on a narrow screen (a wide table, a code line, the map) takes keyboard focus,
  // so it can be scrolled without a finger or a mouse; the focus stop is removed again when it fits.
  const SCROLLERS = ".md-typeset__scrollwrap, .md-typeset pre > code, .md-typeset figure";
  const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  // A region inside a block not drawn yet (content-visibility: auto: data-cp-fold, sitebuild/ext_fold.py) is
  // measured when the browser draws the block: measuring it before would make the browser lay it out at once. Until
  // then it is a keyboard stop, in case it overflows: a keyboard (or a checker) that reaches it first still can
  // scroll it, and a stop that turns out needless is dropped once drawn (when it is not the one holding focus).
  const FOLD = "[data-cp-fold]";
  // (A fold drawn before this script ran had its event unheard: whether a region is drawn is asked of the region.)
  const foldEvents = "oncontentvisibilityautostatechange" in window;
  document.addEventListener(
    "contentvisibilityautostatechange",
    (event) => {
      const fold = event.target;
      if (fold instanceof Element && fold.matches(FOLD) && !event.skipped) focusScrollers(fold);
    },
    true,
  );
  function focusScrollers(scope = document) {
    for (const el of scope.querySelectorAll(SCROLLERS)) {
      const undrawn = foldEvents && el.closest(FOLD) !== null && !el.checkVisibility({ contentVisibilityAuto: true });
      const overflowing =
        undrawn || (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX));
      if (overflowing && !el.hasAttribute("tabindex") && !el.querySelector(FOCUSABLE)) {
        el.setAttribute("tabindex", "0");
        el.dataset.cpScrollFocus = "1";
      } else if (!overflowing && el.dataset.cpScrollFocus) {
        if (el === document.activeElement) {
          el.addEventListener("blur", () => focusScrollers(el.parentElement || document), { once: true });
          continue;
        }
        el.removeAttribute("tabindex");
        delete el.dataset.cpScrollFocus;
      }
    }
  }
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => focusScrollers(), 200);
  });
  // Material gives each code block's copy button a <nav> with no name: several unnamed navs on one page are
  // indistinguishable landmarks to a screen reader, so each is named after its block's place on the page.
  function nameCodeTools() {
    document.querySelectorAll(".md-code__nav:not([aria-label])").forEach((nav, i) => {
      nav.setAttribute("aria-label", english() ? `Code block ${i + 1}: tools` : `第 ${i + 1} 段代码的工具`);
    });
  }
  const afterLayout = () =>
    requestAnimationFrame(() => {
      nameCodeTools();
      focusScrollers();
    });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterLayout);
  else afterLayout();
  if (window.document$) window.document$.subscribe(afterLayout);
})();
