import { TIME_CHIP_CLASS } from "~/lib/booking/time-chip";
import { formatInZone } from "~/lib/dates";

/**
 * A day's free times as radio buttons named `start` (each value an instant with the salon's
 * offset), shown as chips: one tap, arrow keys between them, no script needed.
 */
export function TimeChoices({ slots, timeZone, checked }: { slots: string[]; timeZone: string; checked?: string }) {
  return (
    <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
      {slots.map((start) => (
        <label key={start} className={TIME_CHIP_CLASS}>
          <input
            type="radio"
            name="start"
            value={start}
            required
            defaultChecked={start === checked}
            className="sr-only"
          />
          {formatInZone(start, timeZone, "h:mm a")}
        </label>
      ))}
    </div>
  );
}
