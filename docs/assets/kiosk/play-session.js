/* The engine session every kiosk game shares (play.js, play-chuopai.js, play-hongdiandian.js, play-yibai.js): one
 * place for talking to the engine worker, for the two ways a game ends early, for its timers, for the calm recovery
 * after the worker was replaced, and for stopping the game when the kiosk leaves its screen.
 *
 *   const s = window.changpaiKioskSession.open({container, lang, words, where, onAgain, timeoutMs, onRecover})
 *     words      {engineFailed, restarting, where, again} in the visitor's language
 *     where      the player's file name, named in an unexpected failure
 *     onAgain()  asks the kiosk for a fresh game (the "again" button, and after a recovery)
 *     timeoutMs  when given, every call goes to changpaiEngine.call with this timeout; otherwise through window.cp.call
 *                (which waits for the engine and answers every failure as {error})
 *   s.alive                 false once stopped
 *   s.wait(ms)              a pause that stop() cancels
 *   s.send(request)         the engine's answer as it is (a rejection becomes an EngineProblem); Stopped after stop()
 *   s.call(request)         the same, but an answer with an error throws an EngineProblem
 *   s.problem(error, cmd)   an EngineProblem to throw (no move, say)
 *   s.watchStatus(element)  the engine's loading line inside element, until stop()
 *   s.showQuestion(panel, question, hand)  scrolls a talk panel that overflows to the visitor's question; on the
 *                           reader's page, which scrolls as a page, brings a question (or the lit cards of a discard
 *                           owed) into sight when it is not
 *   s.againButton()         the "play again" button
 *   s.showProblem(problem)  a located message in place of the game
 *   s.run(play, onStop)     runs the game's async loop (an engine restart recovers, any other failure is shown) and
 *                           returns s.stop; onStop, when given, runs as the game stops
 *   s.ask()                 a promise of the visitor's next choice, which s.answer(choice) gives (false when no
 *                           choice is pending: a second tap does nothing); stop() drops a pending one
 *   s.onStop(fn)            fn runs when the game is stopped
 *   s.stop()                stops the game: no further call is answered, no timer fires
 *
 * window.changpaiKioskSession.keeper(keep, resume, fields): a reader's game kept in the tab (below).
 */
(function () {
  "use strict";

  /** Thrown when the game was stopped while it waited: the loop just ends. */
  function Stopped() {}

  /** The engine answered with an error, or not at all: error is {code, where, zh, en}. */
  function EngineProblem(error, command) {
    this.error = error || { code: "no-response", where: command, zh: "引擎没有回答", en: "the engine gave no answer" };
    if (!this.error.where) this.error.where = command;
  }

  function fallbackH(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v != null) node.setAttribute(k, v);
    node.append(...children.flat().filter((c) => c != null));
    return node;
  }

  function open(options) {
    const container = options.container;
    const lang = options.lang === "en" ? "en" : "zh";
    const W = options.words || {};
    const h = (window.cp && window.cp.h) || fallbackH;
    const timers = new Set();
    const stops = [];
    let alive = true;
    let pending = null; // resolves the visitor's pending choice

    const session = {
      Stopped,
      EngineProblem,
      get alive() {
        return alive;
      },

      wait(ms) {
        return new Promise((resolve) => {
          const id = setTimeout(() => {
            timers.delete(id);
            resolve();
          }, ms);
          timers.add(id);
        });
      },

      async send(request) {
        const engine = window.changpaiEngine;
        let response;
        try {
          if (options.timeoutMs != null) response = await engine.call(request, { timeoutMs: options.timeoutMs });
          else response = window.cp && window.cp.call ? await window.cp.call(request) : await engine.call(request);
        } catch (err) {
          if (!alive) throw new Stopped();
          throw new EngineProblem(err && err.code ? err : { code: "engine", zh: String(err && err.message), en: String(err && err.message) }, request.command);
        }
        if (!alive) throw new Stopped();
        return response;
      },

      async call(request) {
        const response = await session.send(request);
        if (!response || response.error) throw new EngineProblem(response ? response.error : null, request.command);
        return response;
      },

      ask() {
        return new Promise((resolve) => {
          pending = resolve;
        });
      },

      answer(choice) {
        if (!pending || !alive) return false;
        const resolve = pending;
        pending = null;
        resolve(choice);
        return true;
      },

      problem(error, command) {
        return new EngineProblem(error, command);
      },

      watchStatus(element) {
        const engine = window.changpaiEngine;
        const stopStatus = engine && engine.status ? engine.status(element) : null;
        if (stopStatus) stops.push(stopStatus);
      },

      /** The visitor is asked (the prompt, then its choices): where the talk panel scrolls (the gallery's one screen,
       * with a long list of claims), it scrolls to the question, so what went before goes above and the choices show. */
      showQuestion(panel, question, hand) {
        if (panel.scrollHeight > panel.clientHeight) {
          panel.scrollTop += question.getBoundingClientRect().top - panel.getBoundingClientRect().top - 8;
          return;
        }
        // The reader's page (a phone's, say) is longer than the screen: a claim offered under its foot went unseen
        // while the game waited. The talk panel comes to the top (the move just made, then the question and its
        // choices); a discard owed brings the lit cards into sight if none is. (The gallery's screen never scrolls.)
        if (!panel.closest('[data-mode="reader"]')) return;
        const seen = (el, whole) => {
          const r = el.getBoundingClientRect();
          return whole ? r.top >= 0 && r.bottom <= innerHeight : r.bottom > 0 && r.top < innerHeight;
        };
        if (panel.querySelector(".kiosk-play__choice")) {
          if (!seen(question, true)) panel.scrollIntoView({ block: "start" });
          return;
        }
        const lit = hand ? [...hand.querySelectorAll(".kiosk-play__column.is-legal")] : [];
        if (lit.length && !lit.some((el) => seen(el, false))) lit[0].scrollIntoView({ block: "nearest" });
      },

      againButton() {
        const b = h("button", { type: "button", class: "kiosk-btn kiosk-play__again" }, W.again);
        b.addEventListener("click", () => options.onAgain && options.onAgain());
        return b;
      },

      showProblem(problem) {
        const e = problem.error || {};
        container.replaceChildren(
          h(
            "div",
            { class: "kiosk-message kiosk-message--error kiosk-play__error", role: "alert" },
            h("p", {}, h("strong", {}, W.engineFailed)),
            h("p", {}, e[lang] || e.en || e.zh || String(e.message || e)),
            h("p", { class: "kiosk-play__where" }, W.where + ": " + (e.where || "?") + (e.code ? " · " + e.code : "")),
          ),
          session.againButton(),
        );
      },

      /** The engine's worker died or got stuck and is being replaced: a calm notice, then a new game. */
      recover() {
        container.replaceChildren(h("p", { class: "kiosk-message kiosk-play__recovering", role: "status" }, W.restarting));
        if (options.onRecover) options.onRecover();
        window.changpaiEngine.ready.then(
          () => alive && options.onAgain && options.onAgain(),
          (err) => alive && session.showProblem({ error: err }),
        );
      },

      run(play, onStop) {
        if (onStop) stops.push(onStop);
        play().catch((problem) => {
          if (problem instanceof Stopped || !alive) return;
          if (problem instanceof EngineProblem && problem.error.code === "restarted" && window.changpaiEngine && window.changpaiEngine.ready) session.recover();
          else if (problem instanceof EngineProblem) session.showProblem(problem);
          else {
            const message = String(problem && problem.message);
            session.showProblem({ error: { code: "kiosk", where: options.where || "kiosk", zh: message, en: message } });
          }
        });
        return session.stop;
      },

      onStop(fn) {
        stops.push(fn);
      },

      stop() {
        alive = false;
        pending = null;
        for (const id of timers) clearTimeout(id);
        timers.clear();
        for (const fn of stops.splice(0)) fn();
      },
    };
    return session;
  }

  /** A reader's game kept in this tab (kiosk.js's readerKeep; the gallery kiosk keeps nothing), so that a reload, or a
   * phone tab the browser discarded, carries on with it: the game's seed and moves, saved after every move, are dealt
   * and replayed through the engine, which checks every one.
   *
   *   const k = keeper(options.keep, options.resume, fields)
   *     fields       what names the game ({rules, players, seat}): a saved game carries on only if every one matches
   *   k.resume       the saved game to carry on with, or null
   *   k.id           the hand's id (the running totals count a hand once)
   *   k.seed(chosen) the seed to deal: the saved game's, else chosen (a test's, a sitting's), else a random one
   *   k.save(seed, moves, more)   the game so far; more: the game's own fields (a race's score)
   *   k.update(seed, moves, over, more) after a deal or a move: the game so far saved, or cleared once it is over
   *   k.nextSeating(key, seating?) the seating kept for the next hand of a reader's sitting (key: the game's table),
   *                  or, with seating, keeps it
   *   k.clear()      nothing to carry on with (the game is over, or was left)
   *   k.replay(apply) → true when the engine took every saved move (apply(move) for each); false when it refused one:
   *                  the saved game is dropped, k.resume is null from then on and k.id a new one (deal a fresh game)
   *   k.tally(key, payments) → the running totals of the game's hands in this tab ({hands, totals}), or null
   * Without options.keep (the kiosk) every method does nothing. */
  function keeper(keep, saved, fields) {
    const newId = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
    const matches = Boolean(keep && saved) && Number.isInteger(saved.seed) && Object.entries(fields).every(([name, value]) => (saved[name] ?? null) === (value ?? null));
    const k = {
      resume: matches ? saved : null,
      id: matches && typeof saved.id === "string" && saved.id ? saved.id : newId(),
      seed(chosen) {
        if (k.resume) return k.resume.seed;
        return chosen != null ? chosen : Math.floor(Math.random() * 2 ** 31);
      },
      save(seed, moves, more) {
        if (keep) keep.save({ ...fields, ...(more || {}), id: k.id, seed, actions: moves });
      },
      update(seed, moves, over, more) {
        if (over) k.clear();
        else k.save(seed, moves, more);
      },
      nextSeating(key, seating) {
        if (!keep || !keep.nextSeating) return null;
        return keep.nextSeating(key, seating);
      },
      clear() {
        if (keep) keep.clear();
      },
      async replay(apply) {
        const moves = k.resume && Array.isArray(k.resume.actions) ? k.resume.actions : [];
        try {
          for (const move of moves) await apply(move);
          return true;
        } catch (problem) {
          if (!(problem instanceof EngineProblem) || problem.error.code === "restarted") throw problem;
          k.clear();
          k.resume = null;
          k.id = newId();
          return false;
        }
      },
      tally(key, payments) {
        return keep && keep.tally ? keep.tally(key, k.id, payments) : null;
      },
    };
    if (keep && !matches) keep.clear(); // (a new game: another game's saved moves must not come back on a reload)
    return k;
  }

  window.changpaiKioskSession = { open, keeper, Stopped, EngineProblem };
})();
