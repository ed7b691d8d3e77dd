/**
 * The one script public pages load. Each feature finds its elements by data attribute; the
 * heavier ones (carousel, gallery, live booking) are fetched only on pages that have them.
 */
import { initBackToTop } from "./back-to-top";
import { initForms } from "./forms";
import { initMenus } from "./menus";
import { initThemeToggle } from "./theme-toggle";

/** Resolves once the page has loaded (its stylesheet, fonts and eager images). */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });

const lazyFeatures: [selector: string, load: () => Promise<{ init: () => void }>][] = [
  // The carousel moves nothing for its first five seconds: on a slow line its script waits until
  // the page's first picture and faces are in, rather than share the line with them.
  ["[data-carousel]", () => pageLoaded().then(() => import("./features/carousel"))],
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
