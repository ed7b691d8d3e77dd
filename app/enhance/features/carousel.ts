import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

/**
 * [data-carousel]: the home hero. Without JavaScript the slides sit in a horizontal scroll-snap
 * strip; with it, Embla takes over: autoplay every 5 s, wrapping from the last slide to the first,
 * paused while the pointer is over it and resumed when it leaves, stopped for good after a drag,
 * focus or key press. Arrow keys move it; slide changes are announced politely once it no longer
 * moves by itself (a live region that spoke every 5 s would drown out everything else).
 *
 * Markup: [data-carousel] > [data-carousel-viewport] > [data-carousel-container] > [data-carousel-slide]…
 * (each slide with aria-label "n of N" and its title in an h1/h2), optional [data-carousel-prev],
 * [data-carousel-next], [data-carousel-dot]… (buttons, or in-page links to the slides so they
 * also work without JavaScript), [data-carousel-live] (an aria-live region).
 *
 * State for styles and tests: data-carousel-ready="true" once Embla runs (the viewport's CSS
 * switches from the scroll strip to overflow hidden), data-index (the selected slide) and
 * data-autoplay ("playing" | "paused" | "stopped").
 */
export const AUTOPLAY_DELAY_MS = 5000;

export function init(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) setUp(root);
}

function setUp(root: HTMLElement) {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport || root.dataset.carouselReady) return;
  const slideCount = root.querySelectorAll("[data-carousel-slide]").length;
  // Start on the slide the visitor scrolled the strip to before the script arrived.
  const startIndex = viewport.clientWidth
    ? Math.min(slideCount - 1, Math.max(0, Math.round(viewport.scrollLeft / viewport.clientWidth)))
    : 0;
  viewport.scrollLeft = 0;
  root.dataset.carouselReady = "true";

  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // stopOnInteraction: a drag stops it and nothing restarts it; hover and focus are handled below.
  const autoplay = Autoplay({
    delay: AUTOPLAY_DELAY_MS,
    stopOnInteraction: true,
    stopOnMouseEnter: false,
    stopOnFocusIn: false,
  });
  const embla = EmblaCarousel(
    viewport,
    { loop: true, startIndex, duration: reduceMotion ? 0 : 30 },
    reduceMotion || slideCount < 2 ? [] : [autoplay],
  );

  // The other slides' photographs were lazy for the scroll strip; the carousel shows them next.
  for (const img of viewport.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = "eager";

  const live = root.querySelector<HTMLElement>("[data-carousel-live]");
  const setAutoplayState = (state: "playing" | "paused" | "stopped") => {
    root.dataset.autoplay = state;
    live?.setAttribute("aria-live", state === "playing" ? "off" : "polite");
  };

  let stoppedForGood = false;
  const stopForGood = () => {
    if (stoppedForGood) return;
    stoppedForGood = true;
    autoplay.stop();
    setAutoplayState("stopped");
  };
  root.addEventListener("mouseenter", () => {
    if (stoppedForGood) return;
    autoplay.stop();
    setAutoplayState("paused");
  });
  root.addEventListener("mouseleave", () => {
    if (stoppedForGood) return;
    autoplay.play();
    setAutoplayState("playing");
  });
  embla.on("pointerDown", stopForGood);
  root.addEventListener("focusin", stopForGood);
  if (reduceMotion || slideCount < 2) stopForGood();
  else setAutoplayState("playing");

  // Wrap at both ends even when Embla cannot loop (too few slides to fill the loop).
  const next = () => (embla.canScrollNext() ? embla.scrollNext() : embla.scrollTo(0));
  const prev = () => (embla.canScrollPrev() ? embla.scrollPrev() : embla.scrollTo(embla.scrollSnapList().length - 1));

  root.querySelector("[data-carousel-prev]")?.addEventListener("click", prev);
  root.querySelector("[data-carousel-next]")?.addEventListener("click", next);
  const dots = [...root.querySelectorAll<HTMLElement>("[data-carousel-dot]")];
  dots.forEach((dot, index) =>
    dot.addEventListener("click", (event) => {
      // Dots may be in-page links (for the strip without JavaScript): the carousel moves instead.
      event.preventDefault();
      embla.scrollTo(index);
    }),
  );

  // Left/Right move the carousel from anywhere in it.
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      stopForGood();
      prev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      stopForGood();
      next();
    }
  });

  const slides = embla.slideNodes();
  const update = (api: EmblaCarouselType) => {
    const index = api.selectedScrollSnap();
    root.dataset.index = String(index);
    // Focus inside a slide that is about to leave would be lost to the page: keep it in the carousel.
    const active = document.activeElement;
    const focusLeaving = slides.some((slide, i) => i !== index && active instanceof Node && slide.contains(active));
    slides.forEach((slide, i) => {
      slide.toggleAttribute("inert", i !== index);
      slide.setAttribute("aria-hidden", String(i !== index));
    });
    dots.forEach((dot, i) => dot.setAttribute("aria-current", String(i === index)));
    if (focusLeaving) {
      if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
      root.focus({ preventScroll: true });
    }
    if (live) {
      const label = slides[index]?.getAttribute("aria-label") ?? "";
      const title = slides[index]?.querySelector("h1, h2")?.textContent?.trim() ?? "";
      live.textContent = `Slide ${label}${title ? `: ${title}` : ""}`;
    }
  };
  embla.on("select", update);
  update(embla);
  // The live region speaks only after the first change, not on page load.
  if (live) live.textContent = "";
}
