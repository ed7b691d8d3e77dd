import type { TimeAxis } from "./calendar";

/** A drag on the calendar snaps the new start to this many minutes. */
export const DROP_STEP_MINUTES = 15;

/**
 * Where an appointment dropped on a day's column starts, in minutes after midnight: `top` is the
 * appointment's top edge from the column's top, in the same unit as the column's `height` (which
 * spans the axis). Snapped to the drop step, kept on the axis.
 */
export function dropMinute(top: number, height: number, axis: TimeAxis): number {
  const span = axis.end - axis.start;
  const minute = axis.start + (top / height) * span;
  const snapped = Math.round(minute / DROP_STEP_MINUTES) * DROP_STEP_MINUTES;
  return Math.min(axis.end - DROP_STEP_MINUTES, Math.max(axis.start, snapped));
}

/** Minutes after midnight as the Move form's time: 870 → "14:30". */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
