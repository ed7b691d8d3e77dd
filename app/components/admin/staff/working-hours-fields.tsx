import { useId, useState } from "react";
import { FieldError } from "~/components/admin/fields";
import type { WeeklyHours } from "~/lib/booking/availability";
import { salonDayLabel, WEEKDAY_NAMES, workingDaysFor } from "~/lib/booking/working-hours";
import { cn } from "~/lib/utils";

/** The week as the form lists it: Monday first, Sunday last (indexes stay Sunday-first). */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

const timeInput =
  "h-10 w-full min-w-0 border border-border bg-surface px-2 text-sm focus-visible:border-foreground aria-invalid:border-danger disabled:opacity-50";

/**
 * Working hours: the salon's opening hours, or their own per weekday (a start and an end, or off).
 * Posts `hoursMode` and, per weekday index, `off-N`, `start-N`, `end-N`.
 */
export function WorkingHoursFields({
  hours,
  salon,
  errors,
}: {
  hours: WeeklyHours | null;
  salon: WeeklyHours;
  errors: Record<string, string[] | undefined>;
}) {
  const id = useId();
  const [own, setOwn] = useState(hours !== null);
  const initial = workingDaysFor(hours, salon);
  const [off, setOff] = useState(initial.map((d) => d.off));
  return (
    <fieldset className="flex flex-col gap-4" data-testid="working-hours">
      <legend className="mb-1 text-sm font-medium">Working hours</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="hoursMode"
            value="salon"
            checked={!own}
            onChange={() => setOwn(false)}
            className="size-4 accent-[var(--accent)]"
          />
          The salon&apos;s opening hours
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="hoursMode"
            value="custom"
            checked={own}
            onChange={() => setOwn(true)}
            className="size-4 accent-[var(--accent)]"
          />
          Their own hours
        </label>
      </div>
      <p className="text-xs text-muted-foreground">
        Own hours must lie within the salon&apos;s opening hours (set in Settings › Business profile).
      </p>
      <FieldError errors={errors.hours ?? errors.hoursMode} />
      <div className={cn("flex flex-col divide-y divide-border border border-border", !own && "hidden")}>
        {ORDER.map((day) => {
          const name = WEEKDAY_NAMES[day];
          const dayErrors = errors[`day-${day}`];
          const errorId = dayErrors?.length ? `${id}-${day}-error` : undefined;
          const salonId = `${id}-${day}-salon`;
          return (
            <div
              key={day}
              role="group"
              aria-label={name}
              className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-3 sm:grid-cols-[7rem_5rem_1fr_1fr_10rem]"
              data-day={name}
            >
              <span className="text-sm font-medium">{name}</span>
              <label className="flex items-center gap-2 justify-self-end text-sm sm:justify-self-start">
                <input
                  type="checkbox"
                  name={`off-${day}`}
                  checked={off[day]}
                  disabled={!own}
                  onChange={(event) => {
                    const next = [...off];
                    next[day] = event.target.checked;
                    setOff(next);
                  }}
                  className="size-4 accent-[var(--accent)]"
                />
                Off
              </label>
              <label className="flex flex-col gap-1 text-xs text-muted-foreground">
                Start
                <input
                  type="time"
                  name={`start-${day}`}
                  defaultValue={initial[day].start}
                  disabled={!own || off[day]}
                  step={300}
                  aria-label={`${name} start`}
                  aria-invalid={dayErrors?.length ? true : undefined}
                  aria-describedby={[salonId, errorId].filter(Boolean).join(" ")}
                  className={timeInput}
                />
              </label>
              <label className="flex flex-col gap-1 text-xs text-muted-foreground">
                End
                <input
                  type="time"
                  name={`end-${day}`}
                  defaultValue={initial[day].end}
                  disabled={!own || off[day]}
                  step={300}
                  aria-label={`${name} end`}
                  aria-invalid={dayErrors?.length ? true : undefined}
                  aria-describedby={[salonId, errorId].filter(Boolean).join(" ")}
                  className={timeInput}
                />
              </label>
              <span id={salonId} className="col-span-2 text-xs text-muted-foreground sm:col-span-1">
                Salon: {salonDayLabel(salon[day] ?? [])}
              </span>
              {dayErrors?.length ? (
                <div className="col-span-2 sm:col-span-5">
                  <FieldError id={errorId} errors={dayErrors} />
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
