import { buttonField, BUTTON_INDEXES, type HeroSlideFormValues } from "~/lib/hero-slide-form";
import { cn } from "~/lib/utils";

/** A small picture of the slide as the home carousel will show it, following the form as it is typed. */
export function SlidePreview({ values }: { values: HeroSlideFormValues }) {
  const buttons = BUTTON_INDEXES.map((i) => ({
    label: values[buttonField(i, "Label")].trim(),
    primary: values[buttonField(i, "Primary")] === "on",
  })).filter((b) => b.label);
  const active = values.isActive === "on";
  return (
    <figure className="flex flex-col gap-3">
      <div className="relative isolate aspect-[4/3] overflow-hidden bg-band text-white" aria-hidden="true">
        {values.imageUrl.trim() ? (
          <img src={values.imageUrl.trim()} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover" />
        ) : null}
        <span className="absolute inset-0 -z-10 bg-linear-to-t from-black/85 via-black/55 to-black/30" />
        <div className="flex h-full flex-col justify-end p-5">
          {values.tag.trim() ? (
            <p className="text-[0.55rem] font-medium tracking-[0.25em] text-band-accent uppercase">{values.tag}</p>
          ) : null}
          <p className="mt-2 font-display text-2xl leading-tight text-balance">
            {values.title.trim() || "Slide title"}
            {values.highlight.trim() ? (
              <>
                {" "}
                <em className="text-band-accent">{values.highlight}</em>
              </>
            ) : null}
          </p>
          {values.subtitle.trim() ? (
            <p className="mt-2 font-display text-sm text-white/90 italic">{values.subtitle}</p>
          ) : null}
          {values.description.trim() ? (
            <p className="mt-1.5 line-clamp-2 text-[0.7rem] leading-relaxed text-white/80">{values.description}</p>
          ) : null}
          {buttons.length ? (
            <div className="mt-4 flex flex-wrap gap-2">
              {buttons.map((b, i) => (
                <span
                  key={i}
                  className={cn(
                    "px-3 py-1.5 text-[0.55rem] font-medium tracking-[0.18em] uppercase",
                    b.primary ? "bg-accent text-accent-foreground" : "border border-white/60 text-white",
                  )}
                >
                  {b.label}
                </span>
              ))}
            </div>
          ) : null}
        </div>
        {!active ? (
          <span className="absolute top-3 right-3 bg-surface/95 px-2.5 py-1 text-[0.6rem] font-semibold tracking-[0.25em] text-foreground">
            INACTIVE
          </span>
        ) : null}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Preview. {active ? "This slide is shown on the home page." : "This slide is hidden from the home page."}
      </figcaption>
    </figure>
  );
}
