import type { Busy } from "./busy";

/**
 * What a booking holds of people's time, as pure logic: a booking is one or more parts (the
 * services of one visit, back to back), each on one person (or chair); a part with processing
 * time leaves its person free in the middle (the colour processes) while its client stays.
 */

/** The middle of an option during which the person is free: after `afterMinutes` of work, for `minutes`. */
export interface Processing {
  afterMinutes: number;
  minutes: number;
}

/** One service of a booking, as it was booked (a later change to the option does not change it). */
export interface BookingPart {
  service: string;
  option: string;
  price: string;
  /** The person's or chair's key (staffKey, chairKey). */
  resource: string;
  staffId: number | null;
  /** Minutes after the booking's start that the part starts. */
  offsetMinutes: number;
  durationMinutes: number;
  processing?: Processing;
}

/** The stretches, in minutes from the part's start, its person works: all of it, or before and after processing. */
export function workStretches(durationMinutes: number, processing?: Processing | null): [number, number][] {
  if (!processing) return [[0, durationMinutes]];
  const resumes = processing.afterMinutes + processing.minutes;
  if (processing.afterMinutes <= 0 || processing.minutes <= 0 || resumes >= durationMinutes)
    return [[0, durationMinutes]];
  return [
    [0, processing.afterMinutes],
    [resumes, durationMinutes],
  ];
}

/**
 * Only a person is free while a colour processes: a chair (the service booked as one seat,
 * before the salon adds staff) keeps its client through it.
 */
export const freeWhileProcessing = (resource: string) => resource.startsWith("staff:");

/** The stretches a part holds of its resource, in epoch milliseconds. */
export function heldStretches(
  resource: string,
  start: number,
  durationMinutes: number,
  processing?: Processing | null,
): [number, number][] {
  const stretches = freeWhileProcessing(resource) ? workStretches(durationMinutes, processing) : [[0, durationMinutes]];
  return stretches.map(([from, to]) => [start + from * 60_000, start + to * 60_000]);
}

function isProcessing(value: unknown): value is Processing {
  const p = value as Processing | null;
  return (
    !!p &&
    typeof p === "object" &&
    Number.isInteger(p.afterMinutes) &&
    Number.isInteger(p.minutes) &&
    p.afterMinutes > 0 &&
    p.minutes > 0
  );
}

/**
 * The stored parts of a booking row; an empty or unreadable list is the row itself as one part.
 * The first part is on the row's resource and person, whatever the list says.
 */
export function bookingParts(row: {
  parts: string;
  resource: string;
  staff_id: number | null;
  service: string;
  option_name: string;
  price: string;
  duration_minutes: number;
}): BookingPart[] {
  const whole: BookingPart[] = [
    {
      service: row.service,
      option: row.option_name,
      price: row.price,
      resource: row.resource,
      staffId: row.staff_id,
      offsetMinutes: 0,
      durationMinutes: row.duration_minutes,
    },
  ];
  if (!row.parts) return whole;
  try {
    const parsed: unknown = JSON.parse(row.parts);
    if (!Array.isArray(parsed) || parsed.length === 0) return whole;
    // The row's resource and person are its first part's: a move or an assignment changes only them.
    return parsed.map((p: BookingPart, index) => ({
      service: String(p.service),
      option: String(p.option),
      price: String(p.price ?? ""),
      resource: index === 0 ? row.resource : String(p.resource),
      staffId: index === 0 ? row.staff_id : typeof p.staffId === "number" ? p.staffId : null,
      offsetMinutes: Number(p.offsetMinutes),
      durationMinutes: Number(p.durationMinutes),
      ...(isProcessing(p.processing) ? { processing: p.processing } : {}),
    }));
  } catch {
    return whole;
  }
}

/** The row's `parts` column: empty when the booking is one part without processing (the row says it all). */
export function encodeParts(parts: BookingPart[]): string {
  if (parts.length === 1 && !parts[0].processing) return "";
  return JSON.stringify(parts);
}

/**
 * What a booking holds, as busy stretches of each of its parts' resources. A part with processing
 * holds its person only while they work, with the buffer after each stretch.
 */
export function partsBusy(parts: BookingPart[], start: number, appointment: boolean): Busy[] {
  return parts.flatMap((part) =>
    heldStretches(part.resource, start + part.offsetMinutes * 60_000, part.durationMinutes, part.processing).map(
      ([from, to]) => ({ resourceId: part.resource, start: from, end: to, appointment }),
    ),
  );
}

// Every availability answer of a day reads that day's visits again: each stored form is parsed once.
const heldByStoredParts = new Map<string, Busy[]>();

/**
 * What a booking row's stored parts hold, in milliseconds from its start: partsBusy of its
 * bookingParts, worked out once per stored form. Only the stretches count here (the appointment
 * flag is the caller's); neither the services' names, their prices nor who is assigned change them.
 */
export function storedPartsHeld(row: { resource: string; duration_minutes: number; parts: string }): readonly Busy[] {
  // The first part is on the row's resource, whatever the stored list says.
  const key = `${row.resource}|${row.duration_minutes}|${row.parts}`;
  let held = heldByStoredParts.get(key);
  if (!held) {
    if (heldByStoredParts.size >= 4096) heldByStoredParts.clear();
    const parts = bookingParts({ ...row, staff_id: null, service: "", option_name: "", price: "" });
    held = partsBusy(parts, 0, true);
    heldByStoredParts.set(key, held);
  }
  return held;
}
