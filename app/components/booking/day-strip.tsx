import { ChevronLeft, ChevronRight } from "lucide-react";
import type { LiveDay } from "~/lib/booking/live-booking";
import { formatInZone } from "~/lib/dates";
import { cn } from "~/lib/utils";

export const dayLabel = (date: string) => ({
  weekday: formatInZone(`${date}T12:00:00Z`, "UTC", "EEE"),
  day: formatInZone(`${date}T12:00:00Z`, "UTC", "MMM d"),
  long: formatInZone(`${date}T12:00:00Z`, "UTC", "EEEE, MMMM d"),
});

const ARROW =
  "inline-flex size-9 items-center justify-center border border-border text-foreground transition-colors hover:border-foreground/40 disabled:opacity-40 disabled:hover:border-border";

/**
 * The days to choose from, as links (each loads the page for its day without JavaScript). The strip
 * scrolls sideways a whole card at a time: its cards are sized so that a whole number of them fills
 * its width (4 on a phone, up to 7 on a wide form), so none is ever cut in half, and "More days"
 * says there are more; with JavaScript the arrows scroll it a page at a time
 * (app/enhance/features/live-booking.ts).
 */
export function DayStrip({
  days,
  selected,
  href,
}: {
  days: LiveDay[];
  selected: string | undefined;
  href: (date: string) => string;
}) {
  return (
    <nav aria-label="Days" className="flex flex-col gap-3" data-day-strip>
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-medium">Day</h4>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <span data-day-strip-hint>More days: swipe</span>
          <button type="button" hidden data-day-strip-prev aria-label="Earlier days" className={ARROW}>
            <ChevronLeft aria-hidden strokeWidth={1.5} className="size-4" />
          </button>
          <button type="button" hidden data-day-strip-next aria-label="Later days" className={ARROW}>
            <ChevronRight aria-hidden strokeWidth={1.5} className="size-4" />
          </button>
        </p>
      </div>
      <div className="@container">
        <ol
          data-day-strip-list
          className={cn(
            "relative grid snap-x snap-mandatory grid-flow-col gap-2 overflow-x-auto overscroll-x-contain pb-2",
            "auto-cols-[calc((100%_-_1.5rem)/4)] @sm:auto-cols-[calc((100%_-_2rem)/5)] @lg:auto-cols-[calc((100%_-_2.5rem)/6)] @2xl:auto-cols-[calc((100%_-_3rem)/7)]",
          )}
        >
          {days.map((day) => {
            const label = dayLabel(day.date);
            const free = day.slots.length;
            return (
              <li key={day.date} className="snap-start">
                <a
                  href={href(day.date)}
                  aria-current={selected === day.date ? "date" : undefined}
                  data-day={day.date}
                  className={cn(
                    "flex flex-col items-center gap-0.5 border px-1 py-3 text-center transition-colors focus-visible:outline-offset-[-4px]",
                    "border-border hover:border-foreground/40 aria-[current=date]:border-accent aria-[current=date]:bg-accent-soft",
                    free === 0 && "text-muted-foreground",
                  )}
                >
                  <span className="text-xs tracking-[0.14em] uppercase">{label.weekday}</span>
                  <span className="font-display text-lg whitespace-nowrap">{label.day}</span>
                  <span className="text-xs whitespace-nowrap">
                    {day.closed ? "Closed" : free === 0 ? "Full" : `${free} free`}
                  </span>
                </a>
              </li>
            );
          })}
        </ol>
      </div>
    </nav>
  );
}
