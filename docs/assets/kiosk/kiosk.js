/* The gallery kiosk (docs/kiosk/): a welcome screen with the language choice and an attract loop, a menu, three
 * activities (meet the deck, watch an annotated deal, play a hand), and idle handling that returns to the welcome
 * screen with every trace of the last visitor cleared.
 *
 * The root element #kiosk-app carries the settings:
 *   data-idle-seconds       seconds without a touch or key before the kiosk resets (default 90)
 *   data-countdown-seconds  the last seconds are counted down on screen, a touch cancels (default 15)
 *   data-home-lang          the page's own language (zh or en)
 *   data-reload-after-hours after this long, the next idle reset reloads the page (and the engine's worker), so
 *                           nothing can pile up over weeks of running (default 6)
 *   data-deals              ids of annotated deals (tutorials/deals/<id>.yml) for the attract loop and "watch"
 *   data-yibai-target       the 子 a game of Wuchuan 一百 is played to (the rule: 100; a gallery may set a shorter
 *                           race, which the game's screen states)
 *   data-mode="reader"      the same games for a reader of the site (docs/learn/play.md), on a phone as much as a
 *                           computer: it opens on the choice of game in the page's language, never resets or
 *                           reloads by itself, keeps no offline copy of the whole site, and its bar links back to the
 *                           site (data-site-home) instead of offering "start again"; a game in progress (any of them, a
 *                           race of 一百 too) is kept in the tab (sessionStorage) and carries on after a reload or a
 *                           change of language
 * <template class="kiosk-more-deals" data-lang="zh|en">  deals of the other games (戳牌, 红点点), drawn by the build in
 *                          that language; "watch" lists them after the Da Er deals and shows a fresh copy of one
 *
 * window.changpaiKiosk exposes reset(), show(name) and state for the tests and the soak benchmark. */
(function () {
  "use strict";

  const app = document.getElementById("kiosk-app");
  if (!app || window.changpaiKiosk) return;

  const DEFAULT_IDLE = 90;
  const DEFAULT_COUNTDOWN = 15;
  const ATTRACT_STEP_MS = 3200;
  const ATTRACT_PAUSE_MS = 6000;

  const settings = {
    idleSeconds: positive(app.dataset.idleSeconds, DEFAULT_IDLE),
    countdownSeconds: positive(app.dataset.countdownSeconds, DEFAULT_COUNTDOWN),
    homeLang: app.dataset.homeLang === "en" ? "en" : "zh",
    reloadAfterHours: positive(app.dataset.reloadAfterHours, 6),
    yibaiTarget: Math.round(positive(app.dataset.yibaiTarget, 100)),
    reader: app.dataset.mode === "reader",
    siteHome: app.dataset.siteHome || "../index.html",
  };
  const startedAt = Date.now();
  settings.countdownSeconds = Math.min(settings.countdownSeconds, settings.idleSeconds);

  function positive(value, fallback) {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  }

  // ---- words ---------------------------------------------------------------------------------------------------
  const TEXT = {
    zh: {
      title: "长牌",
      subtitle: "川黔两地的细长纸牌",
      choose: "请选择语言",
      attract: "自动演示：一局有讲解的牌",
      attractNone: "八十张牌，二十种写法",
      ask: "认得这三张吗？贰、柒、拾凑在一起就是一组。碰一下屏幕，来认认这副牌！",
      menuTitle: "想看什么？",
      back: "返回",
      restart: "重新开始",
      otherLang: "English",
      otherLangCode: "en",
      cards: "认识这副牌",
      cardsHint: "八十张牌：一到十，小写大写各四张。",
      watch: "看一局讲解",
      watchHint: "一步一步看完一局牌，每一步都有说明。",
      play: "自己打一手",
      playHint: "和电脑玩家打一手，吃、碰、胡都有一句说明。",
      stillThere: "还在吗？",
      countdown: (n) => n + " 秒后回到开始画面",
      stay: "我还在",
      cardsTitle: "认识这副牌",
      cardsIntro: [
        "长牌又窄又长，一副共八十张。",
        "一到十每个数都有两种写法：小写“一二三……十”，大写“壹贰叁……拾”。二十种牌，每种四张。",
        "红黑怎么分，各地不同：泸州把二、七、十（不论大小写）印成红色；乐山则是大写全红、小写全黑。",
      ],
      schemeLuzhou: "泸州配色",
      schemeLeshan: "乐山配色",
      small: "小写",
      big: "大写",
      sources: "依据：泸州大贰规则 [001][004]，乐山贰柒拾 [003]。",
      watchTitle: "看一局讲解",
      watchHeading: "牌局",
      chooseDeal: "选一局来看：",
      steps: (n) => n + " 步",
      noDeal: "这台展示机里还没有可以播放的牌局。",
      otherGames: "别的长牌玩法：",
      games: { chuopai: "泸州戳牌 · 川牌", "hdd-deal": "务川红点点" },
      playTitle: "自己打一手",
      chooseGame: "选一种打法",
      leshan: "乐山贰柒拾",
      leshanHint: "三人打，大写为红。",
      leshanFour: "乐山贰柒拾 · 四人",
      leshanFourHint: "四人打，其中一家当小家，只拿两张牌。",
      luzhou: "泸州大贰",
      luzhouHint: "三人打，二七十为红。",
      chuopai: "泸州戳牌",
      chuopaiHint: "三人比大小，庄家一人对两家。",
      chooseSeat: "你想坐哪一家？",
      asDealer: "当庄家",
      asDealerHint: "一个人对两个闲家，先出牌。",
      asAlly: "当闲家",
      asAllyHint: "和另一个闲家一起打庄家。",
      hongdiandian: "务川红点点",
      hongdiandianHint: "四人打，两张一家相靠。",
      yibai: "务川一百",
      yibaiHint: (n) => "三人赛跑，先满 " + n + " 子的赢。",
      appName: "长牌档案馆 · 馆内展示",
      toSite: "回到网站",
    },
    en: {
      title: "Long cards",
      subtitle: "The narrow paper cards of Sichuan and Guizhou",
      choose: "Choose a language",
      attract: "Playing by itself: an annotated deal",
      attractNone: "Eighty cards, twenty kinds",
      ask: "Two, seven and ten together make a set. Touch the screen and meet the deck!",
      menuTitle: "What would you like to see?",
      back: "Back",
      restart: "Start over",
      otherLang: "中文",
      otherLangCode: "zh",
      cards: "Meet the deck",
      cardsHint: "Eighty cards: one to ten, small and big forms, four of each.",
      watch: "Watch a deal",
      watchHint: "Go through a whole deal step by step, with a note on every move.",
      play: "Play a hand",
      playHint: "Play one hand against computer players; every claim is explained.",
      stillThere: "Still there?",
      countdown: (n) => "Back to the start screen in " + n + " s",
      stay: "I’m still here",
      cardsTitle: "Meet the deck",
      cardsIntro: [
        "The cards are long and narrow; a deck has eighty of them.",
        "Every number from one to ten is written two ways: the everyday small numerals (一二三 … 十) and the formal " +
          "big ones used on cheques and banknotes (壹贰叁 … 拾). Twenty kinds, four cards of each.",
        "Which cards are red depends on the town: Luzhou prints two, seven and ten in red in both forms; " +
          "Leshan makes every big card red and every small card black.",
      ],
      schemeLuzhou: "Luzhou colours",
      schemeLeshan: "Leshan colours",
      small: "Small numerals",
      big: "Big numerals",
      sources: "Based on the Luzhou Da Er rules [001][004] and on Leshan Er Qi Shi [003].",
      watchTitle: "Watch a deal",
      watchHeading: "The deal",
      chooseDeal: "Choose a deal to watch:",
      steps: (n) => n + " steps",
      noDeal: "This kiosk has no deal to play yet.",
      otherGames: "Other long-card games:",
      games: { chuopai: "Luzhou 戳牌 · Sichuan cards", "hdd-deal": "Wuchuan 红点点" },
      playTitle: "Play a hand",
      chooseGame: "Choose a game",
      leshan: "Leshan Er Qi Shi",
      leshanHint: "Three players; the big cards are red.",
      leshanFour: "Leshan Er Qi Shi, four players",
      leshanFourHint: "One of the four is 小家 and holds just two cards.",
      luzhou: "Luzhou Da Er",
      luzhouHint: "Three players; two, seven and ten are red.",
      chuopai: "Luzhou 戳牌",
      chuopaiHint: "A trick game: the dealer alone against two allies.",
      chooseSeat: "Where would you like to sit?",
      asDealer: "The dealer (庄家)",
      asDealerHint: "Alone against the two allies; you lead first.",
      asAlly: "An ally (闲家)",
      asAllyHint: "With the other ally, against the dealer.",
      hongdiandian: "Wuchuan 红点点",
      hongdiandianHint: "Four players; the cards pair up two by two.",
      yibai: "Wuchuan 一百",
      yibaiHint: (n) => "Three race across deals: first to " + n + " 子 wins.",
      appName: "Changpai Archive · gallery kiosk",
      toSite: "Back to the site",
    },
  };

  // ---- state ---------------------------------------------------------------------------------------------------
  const state = {
    screen: null,
    lang: null, // null on the welcome screen; "zh" or "en" once chosen
    lastActivity: Date.now(),
    lastTouch: Date.now(), // the last real touch or key, also on the welcome screen
    resets: 0,
    teardown: [], // functions that stop the current screen's timers and widgets
    countdownShown: false,
    updateWaiting: false,
  };

  // ---- small DOM helpers -----------------------------------------------------------------------------------------
  const h = window.cp.h; // one element helper for the site: assets/widgets/core.js, loaded before this file

  function button(label, onPress, options) {
    const o = options || {};
    const b = h("button", { type: "button", class: "kiosk-btn " + (o.className || ""), lang: o.lang, dataset: o.dataset });
    if (o.big) b.append(h("span", { class: "kiosk-btn__label" }, label), h("span", { class: "kiosk-btn__hint" }, o.big));
    else b.textContent = label;
    b.addEventListener("click", onPress);
    return b;
  }

  /** Text for the page: in English, runs of Chinese (card names, terms) are marked lang="zh" for speech and fonts. */
  function mixed(text, lang) {
    const fragment = document.createDocumentFragment();
    if (lang !== "en") {
      fragment.append(String(text));
      return fragment;
    }
    for (const part of String(text).split(/([\u3400-\u9fff\u3000-\u303f\uff08\uff09…]*[\u3400-\u9fff][\u3400-\u9fff\u3000-\u303f\uff08\uff09 …]*)/)) {
      if (!part) continue;
      if (/[\u3400-\u9fff]/.test(part)) fragment.append(h("span", { lang: "zh" }, part));
      else fragment.append(part);
    }
    return fragment;
  }

  function T() {
    return TEXT[state.lang || settings.homeLang];
  }

  function reducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function later(fn, ms) {
    const id = setTimeout(fn, ms);
    state.teardown.push(() => clearTimeout(id));
    return id;
  }

  // ---- screens ------------------------------------------------------------------------------------------------------
  const stage = h("div", { class: "kiosk-stage" });
  const overlay = buildCountdown();
  app.replaceChildren(stage, overlay.root);
  document.documentElement.classList.add("kiosk-mode");

  function setLanguage(lang) {
    state.lang = lang;
    const effective = lang || settings.homeLang;
    document.documentElement.lang = effective;
    app.lang = effective;
  }

  function clearScreen() {
    const jobs = state.teardown.splice(0);
    for (const job of jobs) {
      try {
        job();
      } catch (err) {
        console.warn("kiosk teardown", err);
      }
    }
    stage.replaceChildren();
  }

  const SCREENS = { welcome: welcomeScreen, menu: menuScreen, cards: cardsScreen, watch: watchScreen, play: playScreen };

  function show(name, options) {
    if (!SCREENS[name]) throw new Error("kiosk: no screen " + name);
    clearScreen();
    state.screen = name;
    state.options = options || {};
    app.dataset.screen = name;
    const node = SCREENS[name](options || {});
    stage.append(node);
    const heading = node.querySelector("h1");
    const opening = !stage.dataset.shown;
    stage.dataset.shown = "1";
    // (a reader's page opens as any page does, without a focus ring on its title; later screens take the focus)
    if (heading && name !== "welcome" && !(settings.reader && opening)) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
  }

  // A reader's game in progress, kept in this tab (sessionStorage): a reload, or a phone tab the browser discarded
  // while the reader was elsewhere, carries on with it (each game's player replays it through the engine: the keeper
  // of play-session.js). Going back to the choice of game drops it.
  const HAND_KEY = "changpai-reader-hand";
  const TALLY_KEY = "changpai-reader-tally"; // {rules: {hands, totals, last: the last hand's id}}
  const SEATING_KEY = "changpai-reader-seating"; // {table: {dealer, shuffler}}: who deals a reader's next hand
  /** One of the tab's maps by game (TALLY_KEY, SEATING_KEY): {} when absent or unreadable. */
  function readMap(key) {
    try {
      return JSON.parse(sessionStorage.getItem(key) || "{}") || {};
    } catch (err) {
      return {};
    }
  }
  function writeMap(key, all) {
    try {
      sessionStorage.setItem(key, JSON.stringify(all));
    } catch (err) {
      /* storage full or refused: not kept, but what the page shows now stands */
    }
  }
  const readerKeep = {
    save(hand) {
      try {
        sessionStorage.setItem(HAND_KEY, JSON.stringify(hand));
      } catch (err) {
        /* storage full or refused: the hand is simply not kept */
      }
    },
    clear() {
      try {
        sessionStorage.removeItem(HAND_KEY);
      } catch (err) {
        /* as above */
      }
    },
    /** A finished hand's payments added to the running totals of its game (once: a hand is known by its id). */
    tally(rules, id, payments) {
      const all = readMap(TALLY_KEY);
      const before = all[rules];
      const fits = before && Array.isArray(before.totals) && before.totals.length === payments.length && Number.isInteger(before.hands);
      const tally = fits ? before : { hands: 0, totals: payments.map(() => 0), last: null };
      if (tally.last !== id) {
        tally.hands += 1;
        tally.totals = tally.totals.map((n, seat) => n + (Number(payments[seat]) || 0));
        tally.last = id;
      }
      all[rules] = tally;
      writeMap(TALLY_KEY, all); // (not kept: this hand's totals are still shown)
      return tally;
    },
    /** The seating of a table's next hand (the engine's next_seating after the last), or with seating, kept. */
    nextSeating(table, seating) {
      const all = readMap(SEATING_KEY);
      if (seating === undefined) return all[table] || null;
      all[table] = seating;
      writeMap(SEATING_KEY, all); // (not kept: the next hand is dealt as the first)
      return seating;
    },
    load() {
      try {
        const hand = JSON.parse(sessionStorage.getItem(HAND_KEY) || "null");
        // (seed null: no hand in progress, but a race of 一百 between two deals, play-yibai.js)
        const valid = hand && typeof hand.rules === "string" && (hand.seed === null || Number.isInteger(hand.seed)) && Array.isArray(hand.actions);
        return valid ? hand : null;
      } catch (err) {
        return null;
      }
    },
  };

  /** What a game's player gets to keep a reader's game in the tab (nothing at the gallery kiosk). */
  function kept() {
    return settings.reader ? { keep: readerKeep, resume: readerKeep.load() } : {};
  }

  function goBack() {
    if (settings.reader) readerKeep.clear();
    show(backTarget());
  }

  function backTarget() {
    if (settings.reader) return "play"; // (a reader's only screens: the choice of game and the games)
    return state.screen === "watch" && app.querySelector("[data-cp-widget]") ? "watch" : "menu";
  }

  /** Whether this screen has a way back: not the kiosk's menu, nor a reader's choice of game. */
  function hasBack() {
    if (settings.reader) return state.screen === "play" && Boolean(state.options.rules);
    return state.screen !== "menu";
  }

  function topBar(title) {
    const t = T();
    const toSite = h("a", { class: "kiosk-btn kiosk-btn--bar kiosk-to-site", href: settings.siteHome }, t.toSite);
    return h(
      "header",
      { class: "kiosk-bar" },
      hasBack() ? button(t.back, goBack, { className: "kiosk-btn--bar kiosk-back" }) : null,
      h("h1", { class: "kiosk-bar__title" }, title),
      button(
        t.otherLang,
        () => {
          setLanguage(t.otherLangCode);
          show(state.screen, state.options);
        },
        { className: "kiosk-btn--bar kiosk-lang-switch", lang: t.otherLangCode },
      ),
      settings.reader ? toSite : button(t.restart, () => reset("button"), { className: "kiosk-btn--bar kiosk-restart" }),
    );
  }

  function welcomeScreen() {
    setLanguage(null);
    const zh = TEXT.zh;
    const en = TEXT.en;
    const attract = h("div", { class: "kiosk-attract", "aria-hidden": "true" });
    const root = h(
      "section",
      { class: "kiosk-screen kiosk-welcome", "aria-labelledby": "kiosk-welcome-title" },
      h(
        "div",
        { class: "kiosk-welcome__intro" },
        h(
          "h1",
          { id: "kiosk-welcome-title", class: "kiosk-welcome__title" },
          h("span", { lang: "zh" }, zh.title),
          h("span", { lang: "en", class: "kiosk-welcome__title-en" }, en.title),
        ),
        h("p", { class: "kiosk-welcome__subtitle", lang: "zh" }, zh.subtitle),
        h("p", { class: "kiosk-welcome__subtitle", lang: "en" }, en.subtitle),
        h(
          "div",
          { class: "kiosk-welcome__choose", role: "group", "aria-labelledby": "kiosk-choose-label" },
          h(
            "p",
            { id: "kiosk-choose-label", class: "kiosk-welcome__prompt" },
            h("span", { lang: "zh" }, zh.choose),
            " · ",
            h("span", { lang: "en" }, en.choose),
          ),
          button("中文", () => chooseLanguage("zh"), { className: "kiosk-btn--lang", lang: "zh", dataset: { lang: "zh" } }),
          button("English", () => chooseLanguage("en"), { className: "kiosk-btn--lang", lang: "en", dataset: { lang: "en" } }),
        ),
      ),
      attract,
    );
    startAttract(attract);
    return root;
  }

  function chooseLanguage(lang) {
    setLanguage(lang);
    show("menu");
  }

  function menuScreen() {
    const t = T();
    const choice = (name, label, hint, icon) =>
      button(label, () => show(name), { className: "kiosk-btn--choice kiosk-go-" + name, big: hint, dataset: { icon } });
    return h(
      "section",
      { class: "kiosk-screen kiosk-menu" },
      topBar(t.menuTitle),
      h(
        "div",
        { class: "kiosk-menu__choices" },
        choice("cards", t.cards, t.cardsHint, "壹"),
        choice("watch", t.watch, t.watchHint, "贰"),
        choice("play", t.play, t.playHint, "柒"),
      ),
    );
  }

  function cardsScreen() {
    const t = T();
    const C = window.cpCards;
    const grid = h("div", { class: "kiosk-deck" });
    let scheme = "luzhou";
    const schemeButtons = [];
    const render = () => {
      grid.replaceChildren();
      for (const big of [false, true]) {
        const row = h("div", { class: "kiosk-deck__row" }, h("p", { class: "kiosk-deck__label" }, big ? t.big : t.small));
        const cards = h("div", { class: "kiosk-deck__cards" });
        for (let n = 1; n <= 10; n++) {
          // English readers get the number under each card (the numerals are the lesson, not a given).
          if (C) {
            cards.append(
              h(
                "figure",
                { class: "kiosk-deck__card" },
                C.element(C.card(n, big), { scheme, lang: state.lang, size: "l" }),
                state.lang === "en" ? h("figcaption", { class: "kiosk-deck__number" }, String(n)) : null,
              ),
            );
          }
          else cards.append(h("span", { class: "kiosk-card-text" }, (big ? "壹贰叁肆伍陆柒捌玖拾" : "一二三四五六七八九十")[n - 1]));
        }
        row.append(cards);
        grid.append(row);
      }
      for (const b of schemeButtons) b.setAttribute("aria-pressed", String(b.dataset.scheme === scheme));
    };
    for (const [name, label] of [
      ["luzhou", t.schemeLuzhou],
      ["leshan", t.schemeLeshan],
    ]) {
      const b = button(
        label,
        () => {
          scheme = name;
          render();
        },
        { className: "kiosk-btn--toggle", dataset: { scheme: name } },
      );
      schemeButtons.push(b);
    }
    render();
    return h(
      "section",
      { class: "kiosk-screen kiosk-cards" },
      topBar(t.cardsTitle),
      h(
        "div",
        { class: "kiosk-cards__body" },
        h(
          "div",
          { class: "kiosk-cards__side" },
          h("div", { class: "kiosk-cards__text" }, t.cardsIntro.map((p) => h("p", {}, mixed(p, state.lang)))),
          h("div", { class: "kiosk-toggles", role: "group" }, schemeButtons),
          h("p", { class: "kiosk-sources" }, t.sources),
        ),
        grid,
      ),
    );
  }

  // ---- the annotated deal: the attract loop and the watch screen ----------------------------------------------------
  // The frames are the build's assets/deals/<id>.json (sitebuild/ext_tutorials.py), one of data-deals at random.
  const scriptUrl = (document.currentScript && document.currentScript.src) || location.href;
  const dealIds = (app.dataset.deals || "").split(/\s+/).filter(Boolean);
  const framesById = new Map();

  async function loadFrames(id) {
    if (framesById.has(id)) return framesById.get(id);
    const response = await fetch(new URL("../deals/" + encodeURIComponent(id) + ".json", scriptUrl));
    if (!response.ok) throw new Error("assets/deals/" + id + ".json: HTTP " + response.status);
    const frames = await response.json();
    if (!frames || !Array.isArray(frames.steps) || !frames.steps.length) throw new Error("assets/deals/" + id + ".json: no steps");
    framesById.set(id, frames);
    return frames;
  }

  let dealTurn = 0;
  function nextDealId() {
    if (!dealIds.length) return null;
    const id = dealIds[dealTurn % dealIds.length];
    dealTurn += 1;
    return id;
  }

  /** The other games' deals in the kiosk's language (or the page's, if the build drew only that one). */
  function moreDeals(lang) {
    const templates = [...document.querySelectorAll("template.kiosk-more-deals")];
    const chosen = templates.find((t) => t.dataset.lang === lang) || templates[0];
    return chosen ? [...chosen.content.children].filter((el) => el.dataset.cpWidget) : [];
  }

  function moreDealTitle(el) {
    const title = el.querySelector(".cp-chuo-title, .cp-static__title strong");
    return title ? title.textContent.trim() : el.id;
  }

  /** A large, bilingual, self-running view of the annotated deal; it restarts after a pause at the end. */
  function startAttract(container) {
    const id = nextDealId();
    let alive = true;
    state.teardown.push(() => {
      alive = false;
    });
    if (!id) {
      container.append(deckShow());
      return;
    }
    loadFrames(id).then(
      (frames) => {
        if (alive) runAttract(container, frames);
      },
      (err) => {
        console.warn("kiosk: attract deal", err);
        if (alive) container.append(deckShow());
      },
    );
  }

  // The attract loop speaks to passers-by: no source tags ("[001]") on the table.
  const plain = (s) => String(s || "").replace(/\s*\[\d{3}\]/g, "");

  /** Between two deals: three big cards and a question to whoever walks past. */
  function invite() {
    const C = window.cpCards;
    const cards = h("div", { class: "kiosk-attract__deck-cards" });
    for (const [n, big] of [[2, true], [7, true], [10, true]]) if (C) cards.append(C.element(C.card(n, big), { scheme: "luzhou", size: "l", lang: "zh" }));
    return h(
      "div",
      { class: "kiosk-attract__deck kiosk-attract__invite" },
      cards,
      h("p", { class: "kiosk-attract__ask" }, h("span", { lang: "zh" }, TEXT.zh.ask), h("span", { lang: "en" }, TEXT.en.ask)),
    );
  }

  function runAttract(container, frames) {
    const C = window.cpCards;
    const scheme = C ? C.schemeFor(frames.rules) : "luzhou";
    container.dataset.rules = frames.rules;
    const title = h("p", { class: "kiosk-attract__title" });
    const seats = h("div", { class: "kiosk-attract__seats" });
    const action = h("div", { class: "kiosk-attract__action" });
    const note = h("div", { class: "kiosk-attract__note" });
    const bar = h("div", { class: "kiosk-attract__progress" }, h("span"));
    container.append(
      h("p", { class: "kiosk-attract__badge" }, h("span", { lang: "zh" }, TEXT.zh.attract), " · ", h("span", { lang: "en" }, TEXT.en.attract)),
      title,
      seats,
      action,
      note,
      bar,
    );
    title.replaceChildren(h("span", { lang: "zh" }, bi(frames.title, "zh")), " · ", h("span", { lang: "en" }, mixed(bi(frames.title, "en"), "en")));
    let index = 0;
    const cardsRow = (text, size) => {
      if (!text) return h("span", { class: "kiosk-attract__none" }, "—");
      if (!C) return h("span", { class: "kiosk-card-text" }, text);
      try {
        return C.row(text, { scheme, size, lang: "zh" });
      } catch (err) {
        return h("span", { class: "kiosk-card-text" }, text);
      }
    };
    const render = () => {
      const step = frames.steps[index];
      const st = step.state || {};
      seats.replaceChildren(
        ...frames.seats.map((seat, i) => {
          const melds = ((st.melds || [])[i] || []).map((m) => cardsRow(m.cards, "s"));
          const held = (st.hands || [])[i];
          const acting = step.action && step.action.seat === i;
          return h(
            "div",
            { class: "kiosk-attract__seat" + (acting ? " is-acting" : "") },
            h("span", { class: "kiosk-attract__seat-name" }, h("span", { lang: "zh" }, bi(seat.name, "zh")), " ", h("span", { lang: "en" }, mixed(bi(seat.name, "en"), "en"))),
            // the dealer, and a seat without a hand (Luzhou's 坐底 counts the stock): their role says why
            seat.role !== "player" && seat.role_name
              ? h("span", { class: "kiosk-attract__role" }, h("span", { lang: "zh" }, bi(seat.role_name, "zh")), " · ", h("span", { lang: "en" }, mixed(bi(seat.role_name, "en"), "en")))
              : null,
            h("span", { class: "kiosk-attract__hand" }, held ? cardsRow(held, "s") : null),
            h("span", { class: "kiosk-attract__melds" }, melds),
          );
        }),
      );
      action.replaceChildren();
      const won = step.settlement && step.settlement.winner != null && step.settlement.hand;
      seats.hidden = Boolean(won); // the won hand takes the table
      if (won && window.cpWin) {
        // A hand being won: its sets, each with its points, the headline the hand's own points.
        const hand = step.settlement.hand;
        const who = frames.seats[step.settlement.winner] || {};
        const word = C ? C.pointWord(frames.rules) : "胡"; // the rule set's own words (和 in Leshan)
        const win = C ? C.winWord(frames.rules) : "胡";
        action.append(
          h(
            "p",
            { class: "kiosk-attract__win-head" },
            h("span", { lang: "zh" }, bi(who.name, "zh") + " " + win + "了，" + hand.points + " " + word),
            " · ",
            h("span", { lang: "en" }, bi(who.name, "en") + " wins with " + hand.points + " points"),
          ),
          window.cpWin.draw(hand, { scheme, lang: "zh", word, winWord: win, size: "m" }),
        );
      } else if (step.action) {
        action.append(
          h("span", { class: "kiosk-attract__label" }, h("span", { lang: "zh" }, plain(bi(step.action.label, "zh"))), h("span", { lang: "en" }, mixed(plain(bi(step.action.label, "en")), "en"))),
        );
        // the deal itself shows no card (append() would write a null out as the text "null")
        if (step.action.cards) action.append(cardsRow(step.action.cards, "l"));
      }
      note.replaceChildren();
      if (step.note && !won) note.append(h("p", { lang: "zh" }, plain(bi(step.note, "zh"))), h("p", { lang: "en" }, mixed(plain(bi(step.note, "en")), "en")));
      bar.firstChild.style.width = Math.round(((index + 1) / frames.steps.length) * 100) + "%";
      container.dataset.step = String(index);
    };
    const tick = () => {
      if (index >= frames.steps.length - 1) {
        // The deal is over: a question to passers-by, then the next deal of data-deals takes the table.
        container.replaceChildren(invite());
        later(() => {
          container.replaceChildren();
          startAttract(container);
        }, ATTRACT_PAUSE_MS);
        return;
      }
      index += 1;
      render();
      later(tick, index >= frames.steps.length - 1 ? ATTRACT_PAUSE_MS : ATTRACT_STEP_MS);
    };
    render();
    later(tick, ATTRACT_STEP_MS);
  }

  /** Without a deal: the twenty kinds, shown one after another. */
  function deckShow() {
    const C = window.cpCards;
    const box = h("div", { class: "kiosk-attract__deck" });
    const caption = h("p", { class: "kiosk-attract__badge" }, h("span", { lang: "zh" }, TEXT.zh.attractNone), " · ", h("span", { lang: "en" }, TEXT.en.attractNone));
    const cards = h("div", { class: "kiosk-attract__deck-cards" });
    box.append(caption, cards);
    let n = 0;
    const tick = () => {
      cards.replaceChildren();
      const number = (n % 10) + 1;
      for (const big of [false, true]) {
        if (C) cards.append(C.element(C.card(number, big), { scheme: n % 20 < 10 ? "luzhou" : "leshan", size: "l", lang: "zh" }));
      }
      n += 1;
      later(tick, ATTRACT_STEP_MS);
    };
    tick();
    return box;
  }

  function bi(value, lang) {
    if (value == null) return "";
    if (typeof value === "string") return value;
    return value[lang] != null ? value[lang] : value.zh || value.en || "";
  }

  function watchScreen(options) {
    const t = T();
    const lang = state.lang || settings.homeLang;
    // A viewer keeps its step in the address (#deal-…-5): the next visitor who opens that deal starts at its beginning.
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    const body = h("div", { class: "kiosk-watch__body" });
    // A viewer titles its deal with an h3, as on a page under an h2 section: the screen's h2, for screen readers only,
    // keeps the headings in order below the bar's h1.
    const heading = h("h2", { class: "cp-visually-hidden" }, t.watchHeading);
    const root = h("section", { class: "kiosk-screen kiosk-watch" }, topBar(t.watchTitle), heading, body);
    let alive = true;
    state.teardown.push(() => {
      alive = false;
    });
    const fail = (why) =>
      body.replaceChildren(h("p", { class: "kiosk-message kiosk-message--error", role: "alert" }, t.noDeal, " ", h("code", {}, why)));
    if (!dealIds.length && !moreDeals(lang).length) {
      fail("data-deals");
      return root;
    }
    if (!options.deal && options.more == null) {
      // One big button per annotated deal, titled from its frames.
      body.append(h("p", { class: "kiosk-play__prompt" }, t.chooseDeal));
      const list = h("div", { class: "kiosk-deal-list" });
      body.append(list);
      Promise.allSettled(dealIds.map(loadFrames)).then((results) => {
        if (!alive) return;
        results.forEach((result, i) => {
          if (result.status !== "fulfilled") return;
          const frames = result.value;
          const steps = frames.steps.length;
          list.append(
            button(bi(frames.title, lang), () => show("watch", { deal: dealIds[i] }), {
              className: "kiosk-btn--choice kiosk-deal-choice",
              big: window.cpCards.rulesTitle(frames.rules, lang) + " · " + t.steps(steps), // the engine's name
              dataset: { icon: window.cpCards.rulesTitle(frames.rules, "zh").charAt(0), deal: dealIds[i] },
            }),
          );
        });
        const more = moreDeals(lang);
        if (more.length) list.append(h("p", { class: "kiosk-play__prompt kiosk-deal-list__more" }, t.otherGames));
        more.forEach((el, i) => {
          const game = t.games[el.dataset.cpWidget] || "";
          list.append(
            button(mixed(moreDealTitle(el), lang), () => show("watch", { more: i }), {
              className: "kiosk-btn--choice kiosk-deal-choice",
              big: mixed(game, lang),
              dataset: { icon: { chuopai: "戳", "hdd-deal": "红" }[el.dataset.cpWidget] || "牌", more: String(i) },
            }),
          );
        });
        if (!list.children.length) fail(results.map((r) => r.reason && r.reason.message).join("; "));
      });
      return root;
    }
    if (options.more != null) {
      // A fresh copy of the build's drawing: the viewer mounts on it as on its rules page, with its first frame.
      const original = moreDeals(lang)[options.more];
      if (!original) {
        fail("template.kiosk-more-deals");
        return root;
      }
      const copy = original.cloneNode(true);
      copy.classList.add("kiosk-more-deal");
      body.replaceChildren(copy);
      requestAnimationFrame(() => window.cp && window.cp.mountAll && window.cp.mountAll());
      return root;
    }
    loadFrames(options.deal).then(
      (frames) => {
        if (!alive) return;
        // The same markup as the {{cp deal}} shortcode (sitebuild/ext_tutorials.py): frames in a hidden data element.
        const viewer = h("div", { class: "cp-deal", "data-cp-widget": "deal", "data-deal": options.deal });
        viewer.append(h("div", { class: "cp-widget-data cp-deal-frames", hidden: true, "data-json": JSON.stringify(frames) }));
        body.replaceChildren(viewer);
        if (window.cp && typeof window.cp.mountAll === "function") window.cp.mountAll();
        else fail("deal-viewer.js");
      },
      (err) => {
        if (alive) fail(String(err.message || err));
      },
    );
    return root;
  }

  // The rule sets of the menu that a screen of their own plays, not the Da Er and 红点点 table (play.js …).
  const OWN_SCREENS = { chuopai: chuopaiScreen, "wuchuan-yibai": yibaiScreen };

  function playScreen(options) {
    const t = T();
    const body = h("div", { class: "kiosk-play__body" });
    const root = h("section", { class: "kiosk-screen kiosk-play" }, topBar(t.playTitle), body);
    if (!options.rules) {
      body.append(
        h("p", { class: "kiosk-play__prompt" }, t.chooseGame),
        h(
          "div",
          { class: "kiosk-menu__choices kiosk-menu__choices--two" },
          button(t.leshan, () => show("play", { rules: "leshan" }), { className: "kiosk-btn--choice kiosk-rules-leshan", big: t.leshanHint, dataset: { icon: "贰" } }),
          button(t.leshanFour, () => show("play", { rules: "leshan", players: 4 }), { className: "kiosk-btn--choice kiosk-rules-leshan-four", big: mixed(t.leshanFourHint, state.lang), dataset: { icon: "柒" } }),
          button(t.luzhou, () => show("play", { rules: "luzhou-a" }), { className: "kiosk-btn--choice kiosk-rules-luzhou", big: t.luzhouHint, dataset: { icon: "拾" } }),
          button(t.chuopai, () => show("play", { rules: "chuopai" }), { className: "kiosk-btn--choice kiosk-rules-chuopai", big: t.chuopaiHint, dataset: { icon: "戳" } }),
          button(mixed(t.hongdiandian, state.lang), () => show("play", { rules: "wuchuan-hongdiandian-sicheng" }), { className: "kiosk-btn--choice kiosk-rules-hongdiandian", big: t.hongdiandianHint, dataset: { icon: "红" } }),
          button(mixed(t.yibai, state.lang), () => show("play", { rules: "wuchuan-yibai" }), { className: "kiosk-btn--choice kiosk-rules-yibai", big: mixed(t.yibaiHint(settings.yibaiTarget), state.lang), dataset: { icon: "百" } }),
        ),
      );
      return root;
    }
    const own = OWN_SCREENS[options.rules]; // a game of another shape, or a race of deals, has a screen of its own
    if (own) return own(options, t, root, body);
    const C = window.cpCards; // 红点点 (the engine says which game a rule set is): play-hongdiandian.js, four players
    const hdd = Boolean(C && (C.rulesInfo(options.rules) || {}).game === "hongdiandian");
    const player = hdd ? window.changpaiKioskHdd : window.changpaiKioskPlay;
    if (!player) {
      body.append(h("p", { class: "kiosk-message kiosk-message--error", role: "alert" }, hdd ? "play-hongdiandian.js" : "play.js"));
      return root;
    }
    const again = (rules) => show("play", { rules: typeof rules === "string" ? rules : options.rules, players: options.players });
    const stop = player.mount(body, { lang: state.lang || settings.homeLang, rules: options.rules, players: options.players, onAgain: again, ...kept() });
    if (typeof stop === "function") state.teardown.push(stop);
    return root;
  }

  /** 一百 (docs/assets/kiosk/play-yibai.js): a race of deals to the kiosk's target, the visitor against two computers. */
  function yibaiScreen(options, t, root, body) {
    root.classList.add("kiosk-play--yibai"); // the scoreboard and the table share one screen (kiosk.css)
    const player = window.changpaiKioskYibai;
    if (!player || !window.changpaiKioskPlay) {
      body.append(h("p", { class: "kiosk-message kiosk-message--error", role: "alert" }, "play-yibai.js"));
      return root;
    }
    const again = () => show("play", { rules: "wuchuan-yibai" });
    const stop = player.mount(body, { lang: state.lang || settings.homeLang, target: settings.yibaiTarget, onAgain: again, ...kept() });
    if (typeof stop === "function") state.teardown.push(stop);
    return root;
  }

  /** 戳牌 (docs/assets/kiosk/play-chuopai.js): first the seat, then the hand. */
  function chuopaiScreen(options, t, root, body) {
    if (!options.seat) {
      body.append(
        h("p", { class: "kiosk-play__prompt" }, mixed(t.chooseSeat, state.lang)),
        h(
          "div",
          { class: "kiosk-menu__choices kiosk-menu__choices--two" },
          button(mixed(t.asDealer, state.lang), () => show("play", { rules: "chuopai", seat: "dealer" }), { className: "kiosk-btn--choice kiosk-seat-dealer", big: t.asDealerHint, dataset: { icon: "庄" } }),
          button(mixed(t.asAlly, state.lang), () => show("play", { rules: "chuopai", seat: "ally" }), { className: "kiosk-btn--choice kiosk-seat-ally", big: t.asAllyHint, dataset: { icon: "闲" } }),
        ),
      );
      return root;
    }
    const player = window.changpaiKioskChuopai;
    if (!player) {
      body.append(h("p", { class: "kiosk-message kiosk-message--error", role: "alert" }, "play-chuopai.js"));
      return root;
    }
    const again = () => show("play", { rules: "chuopai", seat: options.seat });
    const stop = player.mount(body, { lang: state.lang || settings.homeLang, seat: options.seat, onAgain: again, ...kept() });
    if (typeof stop === "function") state.teardown.push(stop);
    return root;
  }

  // ---- idle handling -------------------------------------------------------------------------------------------------
  function buildCountdown() {
    const title = h("p", { class: "kiosk-countdown__title", id: "kiosk-countdown-title" });
    const message = h("p", { class: "kiosk-countdown__message", "aria-live": "assertive" });
    const number = h("p", { class: "kiosk-countdown__number", "aria-hidden": "true" });
    const stay = h("button", { type: "button", class: "kiosk-btn kiosk-btn--stay" });
    const root = h(
      "div",
      { class: "kiosk-countdown", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "kiosk-countdown-title", hidden: true },
      h("div", { class: "kiosk-countdown__box" }, title, number, message, stay),
    );
    stay.addEventListener("click", () => activity());
    return { root, title, message, number, stay };
  }

  function showCountdown(seconds) {
    const t = T();
    if (!state.countdownShown) {
      state.countdownShown = true;
      overlay.title.textContent = t.stillThere;
      overlay.stay.textContent = t.stay;
      overlay.root.hidden = false;
      overlay.stay.focus({ preventScroll: true });
    }
    if (overlay.number.textContent !== String(seconds)) {
      overlay.number.textContent = String(seconds);
      overlay.message.textContent = t.countdown(seconds);
    }
  }

  function hideCountdown() {
    if (!state.countdownShown) return;
    state.countdownShown = false;
    overlay.root.hidden = true;
  }

  function activity() {
    state.lastActivity = Date.now();
    state.lastTouch = state.lastActivity;
    hideCountdown();
  }

  /** A fresh page is due: a new build is installed, or the kiosk has run for data-reload-after-hours. */
  function reloadDue() {
    return state.updateWaiting || Date.now() - startedAt > settings.reloadAfterHours * 3_600_000;
  }

  for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    document.addEventListener(type, activity, { capture: true, passive: true });
  }

  function idleTick() {
    if (settings.reader) return; // a reader's page is theirs: no idle reset, no reload
    if (state.screen === "welcome") {
      state.lastActivity = Date.now();
      if (reloadDue() && Date.now() - state.lastTouch > settings.idleSeconds * 1000) freshPage();
      return;
    }
    const idle = (Date.now() - state.lastActivity) / 1000;
    const left = Math.ceil(settings.idleSeconds - idle);
    if (left <= 0) reset("idle");
    else if (left <= settings.countdownSeconds) showCountdown(left);
    else hideCountdown();
  }
  setInterval(idleTick, 250);

  /** Back to the welcome screen with nothing of the last visitor left: storage, hash, widgets, timers. */
  function reset(reason) {
    clearScreen();
    hideCountdown();
    try {
      window.localStorage.clear();
    } catch (err) {
      /* storage may be disabled; nothing to clear then */
    }
    try {
      window.sessionStorage.clear();
    } catch (err) {
      /* as above */
    }
    if (location.hash || location.search) history.replaceState(null, "", location.pathname);
    state.resets += 1;
    state.lastReset = reason || "reset";
    if (reason === "idle" && reloadDue()) {
      freshPage(); // nobody is here: start the new build, or a long-running kiosk, on a clean page
      return;
    }
    if (reason === "idle" && window.changpaiOffline) window.changpaiOffline.check(); // a new build? ready by next time
    show(settings.reader ? "play" : "welcome");
    state.lastActivity = Date.now();
  }

  // ---- kiosk behaviour: no selection, no context menu, no leaving the kiosk (a reader may leave) -------------------
  if (!settings.reader) document.addEventListener("contextmenu", (event) => event.preventDefault());
  document.addEventListener("selectstart", (event) => event.preventDefault());
  document.addEventListener("dragstart", (event) => event.preventDefault());
  if (!settings.reader) {
    document.addEventListener(
      "click",
      (event) => {
        const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
        if (!link) return;
        const url = new URL(link.getAttribute("href"), location.href);
        const samePage = url.origin === location.origin && url.pathname === location.pathname;
        if (!samePage) event.preventDefault(); // the kiosk never navigates away
      },
      true,
    );
  }
  // Press feedback that also shows on touch screens, where :active can be brief.
  document.addEventListener("pointerdown", (event) => {
    const b = event.target instanceof Element ? event.target.closest("button, .kiosk-pressable") : null;
    if (!b) return;
    b.classList.add("is-pressed");
    const release = () => {
      b.classList.remove("is-pressed");
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
    };
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.screen !== "welcome") {
      if (state.countdownShown) return;
      if (settings.reader) {
        if (hasBack()) goBack();
        return;
      }
      show(state.screen === "menu" ? "welcome" : "menu");
    }
  });

  // A new build waits in the service worker while the kiosk is open (sitebuild/sw_template.js); the next idle
  // reset, a safe moment, lets it take over and reloads, so old scripts never meet new pages.
  let reloading = false;
  function freshPage() {
    if (reloading) return;
    reloading = true;
    const offline = window.changpaiOffline;
    const activated = offline && state.updateWaiting ? offline.activateUpdate() : Promise.resolve(false);
    activated.then(
      () => location.reload(),
      () => location.reload(),
    );
  }
  function watchUpdates() {
    if (window.changpaiOffline) {
      window.changpaiOffline.onUpdateWaiting(() => {
        state.updateWaiting = true;
      });
    }
  }
  // The registration script (sitebuild/ext_offline.py) comes after this one in the page.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchUpdates);
  else watchUpdates();

  window.changpaiKiosk = { reset, show, state, settings, activity, mixed };
  if (settings.reader) {
    setLanguage(settings.homeLang);
    const saved = readerKeep.load();
    show("play", saved ? { rules: saved.rules, players: saved.players, seat: saved.seat } : {});
  } else {
    show("welcome");
  }
})();
