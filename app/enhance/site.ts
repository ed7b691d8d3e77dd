/**
 * The one script public pages load. Each feature finds its elements by data attribute; the
 * heavier ones (carousel, gallery, live booking) are fetched only on pages that have them.
 */
import { initBackToTop } from "./back-to-top";
import { initForms } from "./forms";
import { initMenus } from "./menus";
import { initThemeToggle } from "./theme-toggle";

const lazyFeatures: [selector: string, load: () => Promise<{ init: () => void }>][] = [
  ["[data-carousel]", () => import("./features/carousel")],
  ["[data-gallery]", () => import("./features/gallery")],
  ["[data-live-booking]", () => import("./features/live-booking")],
];

function start() {
  initForms();
  initMenus();
  initThemeToggle();
  initBackToTop();
  const loading = lazyFeatures
    .filter(([selector]) => document.querySelector(selector))
    .map(([, load]) => load().then((feature) => feature.init()));
  // data-enhanced: every feature of this page is live (what tests, and anyone scripting the page, wait for).
  void Promise.allSettled(loading).then(() => {
    document.documentElement.dataset.enhanced = "true";
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
