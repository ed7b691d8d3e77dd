/**
 * The one script public pages load. Each feature finds its elements by data attribute; the
 * heavier ones (carousel, gallery, live booking) are fetched only on pages that have them.
 */
import { initBackToTop } from "./back-to-top";
import { initForms } from "./forms";
import { initMenus } from "./menus";
import { initThemeToggle } from "./theme-toggle";
import { initTimeZoneNotes } from "./time-zone-notes";
import { initWebFonts } from "./web-fonts";

/** Resolves once the page has loaded (its stylesheet and eager images). */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });

/**
 * Resolves once the page has loaded and the browser has reported a largest-contentful-paint entry
 * (at most 3 s after the load where none comes; at the load in browsers that do not report them).
 * A slow processor can still be decoding the main photograph when the load event fires, and with
 * `decoding="sync"` its first frame is reported only once that is done: what waits for this
 * shares neither the line nor the processor with the main photograph.
 */
let shown: Promise<void> | undefined;
const mainContentShown = (): Promise<void> =>
  (shown ??= pageLoaded().then(
    () =>
      new Promise<void>((resolve) => {
        if (!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return resolve();
        const observer = new PerformanceObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(resolve, 3000);
      }),
  ));

const lazyFeatures: [selector: string, load: () => Promise<{ init: () => void }>][] = [
  // The carousel moves nothing for its first five seconds, and the gallery's thumbnails are links
  // to the full images until it is in: on a slow line their scripts wait until the page's main
  // picture is shown, rather than share the line and the processor with it.
  ["[data-carousel]", () => mainContentShown().then(() => import("./features/carousel"))],
  ["[data-gallery]", () => mainContentShown().then(() => import("./features/gallery"))],
  ["[data-live-booking]", () => import("./features/live-booking")],
];

function start() {
  initForms();
  initMenus();
  initThemeToggle();
  initBackToTop();
  initTimeZoneNotes();
  initWebFonts(mainContentShown());
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
