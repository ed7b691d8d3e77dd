import type { DayHours } from "~/lib/hours";
import { cn } from "~/lib/utils";

/**
 * The week's opening hours as a definition list (one source: the contact content's hours keys).
 * Used by the home hours card and the contact page, so both always say the same. `band` is for
 * the espresso card of the home page.
 */
export function HoursList({
  days,
  tone = "default",
  className,
}: {
  days: DayHours[];
  tone?: "default" | "band";
  className?: string;
}) {
  const band = tone === "band";
  return (
    <dl className={cn("divide-y", band ? "divide-band-border" : "divide-border", className)}>
      {days.map((day) => (
        <div key={day.label} data-day={day.label} className="flex items-baseline justify-between gap-6 py-3">
          <dt className={cn("text-sm", band ? "text-band-muted" : "text-muted-foreground")}>{day.label}</dt>
          <dd
            className={cn(
              "text-right text-sm tabular-nums",
              // "Closed" in the display face's italic (Inter has no italic face: it would be slanted by the browser).
              day.closed
                ? band
                  ? "font-display text-band-muted italic"
                  : "font-display text-muted-foreground italic"
                : band
                  ? "font-medium text-band-foreground"
                  : "font-medium text-foreground",
            )}
          >
            {day.text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
