/**
 * The one script public pages load. Each feature finds its elements by data attribute; the
 * heavier ones (carousel, calendar, gallery) are fetched only on pages that have them.
 */
import { initBackToTop } from "./back-to-top";
import { initForms } from "./forms";
import { initMenus } from "./menus";
import { initThemeToggle } from "./theme-toggle";

const lazyFeatures: [selector: string, load: () => Promise<{ init: () => void }>][] = [
  ["[data-carousel]", () => import("./features/carousel")],
  ["[data-calendar]", () => import("./features/calendar")],
  ["[data-gallery]", () => import("./features/gallery")],
];

function start() {
  initForms();
  initMenus();
  initThemeToggle();
  initBackToTop();
  for (const [selector, load] of lazyFeatures) {
    if (document.querySelector(selector)) void load().then((feature) => feature.init());
  }
  document.documentElement.dataset.enhanced = "true";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
