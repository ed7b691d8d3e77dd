import { ArrowUp } from "lucide-react";

/**
 * The back-to-top button. It starts hidden: the enhancement script (app/enhance/back-to-top.ts,
 * `[data-back-to-top]`) shows it once the page is scrolled more than 300 px, scrolls smoothly to
 * the top (instantly with reduced motion) and moves focus to `[data-page-top]`. Without
 * JavaScript it never appears, as it could do nothing.
 */
export function BackToTop() {
  return (
    <button
      type="button"
      data-back-to-top
      hidden
      aria-label="Back to top"
      title="Back to top"
      className="fixed right-5 bottom-5 z-30 inline-flex size-12 items-center justify-center rounded-full border border-border bg-surface/95 text-foreground shadow-[0_12px_30px_-12px_rgb(43_33_28/0.45)] backdrop-blur transition-[opacity,translate,background-color,color] duration-300 hover:bg-foreground hover:text-background starting:translate-y-3 starting:opacity-0 motion-reduce:transition-none sm:right-8 sm:bottom-8"
    >
      <ArrowUp aria-hidden strokeWidth={1.5} className="size-5" />
    </button>
  );
}
