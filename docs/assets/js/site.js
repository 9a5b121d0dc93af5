// Site-wide behaviour that is not a widget.
(() => {
  "use strict";

  // Language switch: go to the same page in the other language. The build writes one
  // <meta name="cp-alternate" data-lang=".." content="relative url"> per language into <head>
  // (docs/overrides/main.html); instant navigation swaps <head> meta tags, so they follow the reader.
  // Without a counterpart the link's own target (that language's home page) is used.
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a.md-select__link[hreflang]") : null;
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const lang = link.getAttribute("hreflang");
      const meta = document.querySelector(`meta[name="cp-alternate"][data-lang="${lang}"]`);
      if (!meta) return;
      event.preventDefault();
      event.stopPropagation();
      const target = new URL(meta.getAttribute("content"), location.href);
      // A deal viewer's step (#deal-ID-N) means the same step on the other page; other anchors differ by language.
      target.hash = /^#deal-/.test(location.hash) ? location.hash : "";
      location.assign(target.href);
    },
    true,
  );
})();
