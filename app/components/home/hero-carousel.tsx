import { ChevronLeft, ChevronRight } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { HOME_TEXT } from "~/content/home";
import { isSafeLink } from "~/lib/hero-slide-form";
import type { HeroSlide, SlideButton } from "~/lib/hero-slides";
import { telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";

/** Where the appointment section and the about block sit on the home page (the slide buttons' targets). */
export const APPOINTMENT_SECTION_ID = "appointment-section";
export const ABOUT_SECTION_ID = "about";

/** The hero image's sizes: always the full width of the viewport. */
export const HERO_IMAGE_SIZES = "100vw";

export function slideButtonHref(button: SlideButton, phone: string): string {
  switch (button.action) {
    case "scroll-appointment":
      return `#${APPOINTMENT_SECTION_ID}`;
    case "scroll-about":
      return `#${ABOUT_SECTION_ID}`;
    case "call":
      return telHref(phone);
    case "url":
      return button.url && isSafeLink(button.url) ? button.url : "#";
  }
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/**
 * The home hero: the active hero slides (docs/product.md, Home). Server-rendered as a horizontal scroll-snap
 * strip, so every slide can be reached without JavaScript; app/enhance/features/carousel.ts turns
 * it into the autoplaying carousel (see its header for the data attributes). The arrows and dots
 * are hidden until then; the dots are in-page links, so they work in the strip too.
 */
export function HeroCarousel({ slides, phone }: { slides: HeroSlide[]; phone: string }) {
  const T = HOME_TEXT.carousel;
  const many = slides.length > 1;
  return (
    <section
      data-carousel
      aria-roledescription="carousel"
      aria-label={T.label}
      className="group/carousel relative isolate bg-band text-band-foreground focus-visible:outline-white focus-visible:outline-offset-[-6px]"
    >
      <div
        data-carousel-viewport
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] group-data-[carousel-ready=true]/carousel:snap-none group-data-[carousel-ready=true]/carousel:overflow-hidden [&::-webkit-scrollbar]:hidden"
      >
        {/* pan-y only once Embla drags horizontally: the strip without JavaScript needs native swipes. */}
        <div data-carousel-container className="flex w-full group-data-[carousel-ready=true]/carousel:touch-pan-y">
          {slides.map((slide, i) => (
            <Slide key={slide.id} slide={slide} index={i} total={slides.length} phone={phone} />
          ))}
        </div>
      </div>

      {many && (
        <>
          <button type="button" data-carousel-prev aria-label={T.previous} className={arrowClass("left-6 xl:left-10")}>
            <ChevronLeft aria-hidden strokeWidth={1.25} className="size-6" />
          </button>
          <button type="button" data-carousel-next aria-label={T.next} className={arrowClass("right-6 xl:right-10")}>
            <ChevronRight aria-hidden strokeWidth={1.25} className="size-6" />
          </button>
          <nav aria-label={T.dots} className="absolute inset-x-0 bottom-8 z-10 flex justify-center lg:bottom-10">
            <ol className="flex items-center gap-1">
              {slides.map((slide, i) => (
                <li key={slide.id}>
                  <a
                    href={`#hero-slide-${i + 1}`}
                    data-carousel-dot
                    aria-label={T.goTo(i + 1, slideTitle(slide))}
                    aria-current={i === 0 ? "true" : undefined}
                    className="group/dot flex size-8 items-center justify-center focus-visible:outline-white"
                  >
                    <span
                      aria-hidden
                      className="block h-0.5 w-6 bg-white/45 transition-all duration-300 group-hover/dot:bg-white/80 group-aria-[current=true]/dot:w-10 group-aria-[current=true]/dot:bg-white"
                    />
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </>
      )}
      <p data-carousel-live aria-live="polite" aria-atomic="true" className="sr-only" />
    </section>
  );
}

const arrowClass = (position: string) =>
  cn(
    "absolute top-1/2 z-10 hidden size-14 -translate-y-1/2 items-center justify-center rounded-full border border-white/35 bg-black/20 text-white backdrop-blur-sm transition-colors hover:border-white hover:bg-black/40 focus-visible:outline-white lg:group-data-[carousel-ready=true]/carousel:flex",
    position,
  );

const slideTitle = (slide: HeroSlide) => [slide.title, slide.highlight].filter(Boolean).join(" ");

function Slide({ slide, index, total, phone }: { slide: HeroSlide; index: number; total: number; phone: string }) {
  const first = index === 0;
  return (
    <div
      id={`hero-slide-${index + 1}`}
      data-carousel-slide
      role="group"
      aria-roledescription="slide"
      aria-label={HOME_TEXT.carousel.slideOf(index + 1, total)}
      className="relative h-[600px] min-w-0 shrink-0 grow-0 basis-full snap-start scroll-mt-28 overflow-hidden lg:h-[700px]"
    >
      {slide.imageUrl && (
        <ResponsiveImage
          src={slide.imageUrl}
          alt={slide.imageAlt}
          width={2400}
          height={1400}
          sizes={HERO_IMAGE_SIZES}
          priority={first}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
      {/* Dark enough behind the words in both themes whatever the photograph. */}
      <span
        aria-hidden
        className="absolute inset-0 bg-linear-to-t from-black/85 via-black/60 to-black/40 lg:bg-linear-to-r lg:from-black/80 lg:via-black/45 lg:to-black/10"
      />
      {/* …and under the dots, which sit on the bright side of the picture on large screens. */}
      <span
        aria-hidden
        className="absolute inset-x-0 bottom-0 hidden h-40 bg-linear-to-t from-black/45 to-transparent lg:block"
      />
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-end px-5 pb-24 sm:px-8 lg:justify-center lg:px-28 lg:pb-8">
        <div className="max-w-2xl">
          {slide.tag && <p className="eyebrow text-band-accent">{slide.tag}</p>}
          <h2 className="mt-5 text-[2.6rem] leading-[1.05] font-normal text-balance text-white sm:text-6xl lg:text-7xl">
            {slide.title}
            {slide.highlight && (
              <>
                {" "}
                <em className="text-band-accent">{slide.highlight}</em>
              </>
            )}
          </h2>
          {slide.subtitle && (
            <p className="mt-5 font-display text-xl text-white/90 italic sm:text-2xl">{slide.subtitle}</p>
          )}
          {slide.description && (
            <p className="mt-4 max-w-xl text-[0.95rem] leading-relaxed text-white/80 sm:text-base">
              {slide.description}
            </p>
          )}
          {slide.buttons.length > 0 && (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {slide.buttons.map((button) => {
                const href = slideButtonHref(button, phone);
                return (
                  <a
                    key={`${button.label}-${button.action}`}
                    href={href}
                    {...(isExternal(href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    className={cn(
                      buttonVariants({ size: "lg", variant: button.primary ? "default" : "outline" }),
                      button.primary
                        ? "focus-visible:outline-white"
                        : "border-white/50 text-white hover:border-white hover:bg-white/10 focus-visible:outline-white",
                    )}
                  >
                    {button.label}
                    {button.action === "call" && <span className="sr-only">, {phone}</span>}
                  </a>
                );
              })}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
