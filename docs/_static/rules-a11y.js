// Small accessibility repairs of the theme's markup, for keyboards and screen readers.
(() => {
  // furo marks the sidebar's section captions role="heading" without a level (axe: aria-required-attr).
  const levels = () => {
    for (const el of document.querySelectorAll('[role="heading"]:not([aria-level])')) {
      el.setAttribute("aria-level", "2");
    }
  };
  // A region that scrolls sideways (a wide table, a code block, a rule's picture on a phone) must be reachable by
  // the keyboard to be scrolled (axe: scrollable-region-focusable): it takes a tab stop while it overflows.
  const scrollers = () => {
    for (const el of document.querySelectorAll("pre, .table-wrapper, .rules-graph")) {
      const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (overflows && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.dataset.rulesScrolls = "";
      } else if (!overflows && "rulesScrolls" in el.dataset) {
        el.removeAttribute("tabindex");
        delete el.dataset.rulesScrolls;
      }
    }
  };
  const repair = () => { levels(); scrollers(); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", repair);
  else repair();
  window.addEventListener("resize", scrollers);
})();
