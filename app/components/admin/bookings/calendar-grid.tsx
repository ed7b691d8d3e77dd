import { Link } from "react-router";
import {
  calendarSearch,
  clientName,
  layoutLanes,
  placement,
  processingBand,
  STATUS_LABELS,
  type CalendarEntry,
  type CalendarResource,
  type CalendarView,
  type TimeAxis,
} from "~/lib/booking/calendar";
import { MOVABLE_STATUSES, OUTCOME_LABELS } from "~/lib/booking/model";
import { freeWhileProcessing } from "~/lib/booking/parts";
import { formatInZone } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { useCalendarDrag } from "./use-calendar-drag";

const HOUR_REM = 4;

const ENTRY_STYLES: Record<string, string> = {
  confirmed: "border-l-4 border-accent bg-accent-soft text-foreground",
  requested: "border border-dashed border-accent bg-surface text-foreground",
  proposed: "border border-dashed border-muted-foreground bg-surface text-foreground",
  block:
    "border-l-4 border-muted-foreground bg-surface-muted text-muted-foreground bg-[repeating-linear-gradient(135deg,transparent_0,transparent_6px,var(--border)_6px,var(--border)_7px)]",
};

interface Column {
  key: string;
  label: string;
  /** The day view's date for a week's day header. */
  href?: string;
  today?: boolean;
  day: string;
  entries: CalendarEntry[];
}

/**
 * An entry's line of text: drawn over the processing band on the entry's own background, as wide as its
 * words, so a short entry stays readable and the band shows beside and below the text.
 */
const LINE = "relative z-[1] block w-fit max-w-full truncate bg-inherit";
// Merged once here, not for each of a week's hundreds of entries.
const LINE_TIME = cn(LINE, "font-medium");
const LINE_TITLE = cn(LINE, "font-medium text-foreground");
const LINE_LABEL = cn(LINE, "font-semibold tracking-wide uppercase");
const LINE_MUTED = cn(LINE, "text-muted-foreground");
const ENTRY_CLASSES = new Map<string, string>();

/** An entry's classes by its look and whether it can be dragged, merged once for each. */
function entryClasses(look: string, movable: boolean): string {
  const key = `${look}|${movable}`;
  let classes = ENTRY_CLASSES.get(key);
  if (classes === undefined) {
    classes = cn(
      "absolute overflow-hidden px-2 py-1 text-xs leading-snug hover:z-10 hover:shadow-md focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
      ENTRY_STYLES[look],
      movable &&
        "cursor-grab data-[dragging]:z-20 data-[dragging]:cursor-grabbing data-[dragging]:opacity-80 data-[dragging]:shadow-lg",
    );
    ENTRY_CLASSES.set(key, classes);
  }
  return classes;
}

function hourLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "AM" : "PM"}`;
}

function EntryLink({
  entry,
  style,
  showResource,
  resourceName,
  timeZone,
  search,
}: {
  entry: CalendarEntry;
  style: React.CSSProperties;
  showResource: boolean;
  resourceName: string;
  timeZone: string;
  search: string;
}) {
  const time = `${formatInZone(entry.startsAt, timeZone, "h:mm")}–${formatInZone(entry.endsAt, timeZone, "h:mm a")}`;
  const block = entry.kind === "block";
  const title = block ? entry.notes || entry.reason || "Blocked" : clientName(entry) || "Client";
  const band = processingBand(entry);
  // A booking is dragged by its first service (a visit's later ones move with it).
  const movable = !block && entry.part === 0 && MOVABLE_STATUSES.includes(entry.status);
  return (
    <Link
      data-move-id={movable ? entry.id : undefined}
      draggable={false}
      to={search}
      preventScrollReset
      data-testid="calendar-entry"
      data-kind={entry.kind}
      data-status={entry.status}
      className={entryClasses(block ? "block" : entry.status, movable)}
      style={style}
    >
      <span className={LINE_TIME}>{time}</span>
      <span className={LINE_TITLE}>
        {block ? <span className="sr-only">Blocked: </span> : null}
        {title}
      </span>
      {!block && entry.status !== "confirmed" ? (
        <span className={LINE_LABEL}>{STATUS_LABELS[entry.status]}</span>
      ) : null}
      {entry.outcome === "no_show" ? (
        <span className={LINE_LABEL} data-testid="calendar-no-show">
          {OUTCOME_LABELS.no_show}
        </span>
      ) : null}
      {!block ? <span className={LINE}>{entry.service}</span> : null}
      {showResource && resourceName ? <span className={LINE_MUTED}>{resourceName}</span> : null}
      {entry.parts > 1 ? (
        <span className={LINE_MUTED}>
          Visit, service {entry.part + 1} of {entry.parts}
        </span>
      ) : null}
      {band && entry.processing ? (
        <span
          className="absolute inset-x-0 z-0 flex items-end justify-end border-y border-dashed border-accent/60 bg-surface/85 bg-[repeating-linear-gradient(135deg,transparent_0,transparent_6px,var(--border)_6px,var(--border)_7px)] text-[0.7rem] font-semibold tracking-wide text-muted-foreground uppercase pr-1"
          style={{ top: `${band.top}%`, height: `${band.height}%` }}
          data-testid="calendar-processing"
        >
          Processing
          <span className="sr-only">
            {` ${formatInZone(entry.processing.startsAt, timeZone, "h:mm")}–${formatInZone(entry.processing.endsAt, timeZone, "h:mm a")}`}
            {/* A chair keeps its client through processing; only a person is free for another. */}
            {freeWhileProcessing(entry.resource) ? ", free for another client" : ", the chair stays taken"}
          </span>
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The day (one column per person or chair) or the week (one column per day), appointments and
 * blocks placed by their time on the salon's clock. Each opens its details.
 */
export function CalendarGrid({
  view,
  date,
  days,
  today,
  columns: resources,
  entries,
  axis,
  timeZone,
}: {
  view: CalendarView;
  date: string;
  days: string[];
  today: string;
  columns: CalendarResource[];
  entries: CalendarEntry[];
  axis: TimeAxis;
  timeZone: string;
}) {
  const names = new Map(resources.map((r) => [r.key, r.name]));
  // Each entry's first and last local date, worked out once for every column.
  const spans = entries.map((e) => ({
    entry: e,
    from: formatInZone(e.startsAt, timeZone, "yyyy-MM-dd"),
    to: formatInZone(e.endsAt, timeZone, "yyyy-MM-dd"),
  }));
  const onDay = (day: string) => spans.filter((s) => s.from <= day && s.to >= day).map((s) => s.entry);
  const onDate = view === "day" ? onDay(date) : [];
  const columns: Column[] =
    view === "day"
      ? resources.map((r) => ({
          key: r.key,
          label: r.name,
          day: date,
          entries: onDate.filter((e) => e.resource === r.key),
        }))
      : days.map((day) => ({
          key: day,
          label: formatInZone(`${day}T12:00:00Z`, "UTC", "EEE MMM d"),
          href: calendarSearch({ view: "day", date: day }),
          today: day === today,
          day,
          entries: onDay(day),
        }));
  const hours = Array.from({ length: (axis.end - axis.start) / 60 }, (_, i) => axis.start + i * 60);
  const height = `${hours.length * HOUR_REM}rem`;
  const template = `3.5rem repeat(${columns.length}, minmax(8rem, 1fr))`;
  const { handlers, announcement } = useCalendarDrag(axis);

  return (
    <>
      <p className="sr-only" aria-live="polite" data-testid="calendar-announcement">
        {announcement}
      </p>
      <p className="sr-only" id="calendar-move-hint">
        To move an appointment, open it and choose Move, or drag it with a mouse.
      </p>
      <div
        {...handlers}
        className="overflow-x-auto border border-border bg-surface focus-visible:outline-2 focus-visible:outline-ring"
        role="region"
        aria-label={view === "day" ? "Day calendar" : "Week calendar"}
        aria-describedby="calendar-move-hint"
        tabIndex={0}
        data-testid="calendar"
      >
        <div
          className="grid"
          style={{ gridTemplateColumns: template, minWidth: `calc(3.5rem + ${columns.length} * 8rem)` }}
        >
          <div className="sticky left-0 z-20 border-b border-border bg-surface" aria-hidden="true" />
          {columns.map((c) => (
            <div
              key={c.key}
              className={cn(
                "border-b border-l border-border px-2 py-2 text-sm font-medium",
                c.today && "bg-accent-soft",
              )}
              data-testid="calendar-column"
            >
              {c.href ? (
                <Link
                  to={c.href}
                  className="underline-offset-4 hover:underline"
                  aria-current={c.today ? "date" : undefined}
                >
                  {c.label}
                </Link>
              ) : (
                c.label
              )}
            </div>
          ))}

          <div className="sticky left-0 z-20 bg-surface" style={{ height }} aria-hidden="true">
            {hours.map((m, i) => (
              <span
                key={m}
                className="absolute right-2 -translate-y-1/2 text-[0.7rem] text-muted-foreground"
                style={{ top: `${i * HOUR_REM}rem`, marginTop: i === 0 ? "0.5rem" : undefined }}
              >
                {hourLabel(m)}
              </span>
            ))}
          </div>
          {columns.map((c) => {
            const lanes = layoutLanes(
              c.entries.map((e) => ({
                id: `${e.id}.${e.part}`,
                start: Date.parse(e.startsAt),
                end: Date.parse(e.endsAt),
              })),
            );
            return (
              <div
                key={c.key}
                className="relative border-l border-border"
                style={{ height }}
                data-drop-day={c.day}
                data-drop-staff={view === "day" && c.key.startsWith("staff:") ? c.key.slice(6) : ""}
                data-drop-chair={view === "day" && !c.key.startsWith("staff:") ? "true" : undefined}
              >
                {hours.map((m, i) => (
                  <div
                    key={m}
                    className="absolute inset-x-0 border-t border-border/60"
                    style={{ top: `${i * HOUR_REM}rem` }}
                    aria-hidden="true"
                  />
                ))}
                <ol
                  aria-label={
                    view === "day" ? `${c.label}, ${formatInZone(`${c.day}T12:00:00Z`, "UTC", "EEEE MMMM d")}` : c.label
                  }
                >
                  {c.entries.map((e) => {
                    const place = placement(e, c.day, axis, timeZone);
                    if (!place) return null;
                    const lane = lanes.get(`${e.id}.${e.part}`) ?? { lane: 0, lanes: 1 };
                    return (
                      <li key={`${e.id}.${e.part}`}>
                        <EntryLink
                          entry={e}
                          timeZone={timeZone}
                          // A chair is named after its service: only a person's name says more.
                          showResource={view === "week" && e.resource.startsWith("staff:")}
                          resourceName={names.get(e.resource) ?? e.staff}
                          search={calendarSearch({ view, date, booking: e.id })}
                          style={{
                            top: `${place.top}%`,
                            height: `${place.height}%`,
                            left: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`,
                            width: `calc(${100 / lane.lanes}% - 4px)`,
                          }}
                        />
                      </li>
                    );
                  })}
                </ol>
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}
