/** [data-back-to-top]: shown after scrolling more than 300 px; scrolls smoothly to the top. */
export function initBackToTop(): void {
  const button = document.querySelector<HTMLElement>("[data-back-to-top]");
  if (!button) return;
  const update = () => {
    button.hidden = window.scrollY <= 300;
  };
  window.addEventListener("scroll", update, { passive: true });
  update();
  button.addEventListener("click", () => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // Focus goes to the top of the page so keyboard users continue from there.
    const target = document.querySelector<HTMLElement>("[data-page-top]") ?? document.body;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  });
}
