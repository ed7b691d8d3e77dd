/** [data-back-to-top]: shown after scrolling more than 300 px; scrolls smoothly to the top. */
export function initBackToTop(): void {
  const button = document.querySelector<HTMLElement>("[data-back-to-top]");
  if (!button) return;
  const update = () => {
    button.hidden = window.scrollY <= 300;
  };
  window.addEventListener("scroll", update, { passive: true });
  // The first check (a page opened already scrolled) waits until a frame has been drawn: reading
  // scrollY now, while the page loads, would force a layout of the whole page before its first paint.
  requestAnimationFrame(() => setTimeout(update));
  button.addEventListener("click", () => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // Focus goes to the top of the page so keyboard users continue from there.
    const target = document.querySelector<HTMLElement>("[data-page-top]") ?? document.body;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  });
}
