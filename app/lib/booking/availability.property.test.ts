/**
 * Availability as properties (fast-check): for random opening hours (split days too), people with
 * their own hours, lengths, steps, buffers, lead times, windows, closures and held times, in zones
 * whose clocks change (a skipped and a repeated hour, a half-hour shift, a skipped or repeated
 * midnight), on random days and on the days the clocks change.
 *
 * The engine's answers are checked against the salon's clock as the zone's offsets give it minute
 * by minute (read through Intl, not the engine's date library): the instant a wall-clock time
 * happens is the first minute the clock reads it, and none when the clock skips it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Busy } from "./busy";
import {
  availableSlots,
  dayClock,
  localDayOf,
  type Closure,
  type DayAvailability,
  type DayQuery,
  type Resource,
  type WallInterval,
  type WeeklyHours,
} from "./availability";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ZONES = [
  "America/Chicago",
  "Europe/London",
  "America/New_York",
  "Pacific/Auckland",
  // A half-hour shift.
  "Australia/Lord_Howe",
  // Clocks that skip midnight (Havana in March) or go from 24:00 to 1:00 (Santiago in September).
  "America/Havana",
  "America/Santiago",
] as const;
type Zone = (typeof ZONES)[number];

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const utcDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

const formats = new Map<string, Intl.DateTimeFormat>();
/** How far the zone's clock is ahead of UTC at a whole-minute instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  const wall = Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute);
  return wall - instant;
}

const localDateOf = (zone: string, instant: number) => utcDate(instant + offsetAt(zone, instant));

/** The salon's clock around one local date, minute by minute. */
interface WallClock {
  /** The first instant the clock reads `wall` (minutes after the date's midnight), null when it never does. */
  instant(wall: number): number | null;
  /** The first instant the clock reads `wall` or later: closing time, even inside a skipped hour. */
  reaching(wall: number): number;
  /** What the clock reads at an instant of the day, in minutes after the date's midnight. */
  wallAt(instant: number): number;
}

const clocks = new Map<string, WallClock>();
function wallClock(zone: string, date: string): WallClock {
  const key = `${zone}|${date}`;
  const known = clocks.get(key);
  if (known) return known;
  // From before the earliest midnight (UTC+14) to after the latest next one (UTC-12).
  const first = utcMidnight(date) - 15 * HOUR;
  const walls: number[] = [];
  for (let block = first; block < utcMidnight(date) + 39 * HOUR; block += 15 * MINUTE) {
    // Offsets change at most once in a quarter of an hour: look each minute up only where one does.
    const offset = offsetAt(zone, block);
    const same = offsetAt(zone, block + 14 * MINUTE) === offset;
    for (let t = block; t < block + 15 * MINUTE; t += MINUTE)
      walls.push((t + (same ? offset : offsetAt(zone, t)) - utcMidnight(date)) / MINUTE);
  }
  const clock: WallClock = {
    instant: (wall) => {
      const i = walls.indexOf(wall);
      return i < 0 ? null : first + i * MINUTE;
    },
    reaching: (wall) => first + walls.findIndex((w) => w >= wall) * MINUTE,
    wallAt: (instant) => walls[(instant - first) / MINUTE],
  };
  clocks.set(key, clock);
  return clock;
}

const weekday = (date: string) => new Date(utcMidnight(date)).getUTCDay();

/** The hours someone can be booked on the date: the salon's, within their own when they have them. */
function workingIntervals(query: DayQuery, resource: Resource): WallInterval[] {
  const salon = query.rules.hours[weekday(query.date)] ?? [];
  if (!resource.hours) return salon;
  return salon.flatMap((s) =>
    (resource.hours![weekday(query.date)] ?? [])
      .map((own) => ({ opens: Math.max(s.opens, own.opens), closes: Math.min(s.closes, own.closes) }))
      .filter((i) => i.opens < i.closes),
  );
}

/** The buffer-extended clash of a new appointment [start, start + length) with a held time. */
function clashes(query: DayQuery, start: number, held: Busy): boolean {
  const buffer = query.rules.bufferMinutes * MINUTE;
  const heldEnd = held.end + (held.appointment ? buffer : 0);
  return start < heldEnd && held.start < start + query.durationMinutes * MINUTE + buffer;
}

/** The day as the rules say it should be, from the minute-by-minute clock. */
function expectedDay(query: DayQuery): DayAvailability {
  const { rules, date, now } = query;
  const closure = rules.closures.find((c) => c.from <= date && date <= c.to);
  if (closure) return { closed: true, reason: closure.label || "Closed", slots: [] };
  if ((rules.hours[weekday(date)] ?? []).length === 0) return { closed: true, reason: "Closed", slots: [] };
  const today = localDateOf(rules.timeZone, now);
  if (date < today || utcMidnight(date) > utcMidnight(today) + rules.windowDays * DAY)
    return { closed: false, slots: [] };
  const clock = wallClock(rules.timeZone, date);
  const free = new Map<number, string[]>();
  for (const resource of query.resources) {
    for (const { opens, closes } of workingIntervals(query, resource)) {
      const closing = clock.reaching(closes);
      for (let wall = opens; wall < closes; wall += rules.stepMinutes) {
        const start = clock.instant(wall);
        if (start === null || start < now + rules.leadMinutes * MINUTE) continue;
        if (start + query.durationMinutes * MINUTE > closing) continue;
        if (query.busy.some((b) => b.resourceId === resource.id && clashes(query, start, b))) continue;
        free.set(start, [...(free.get(start) ?? []), resource.id]);
      }
    }
  }
  const order = query.resources.map((r) => r.id);
  const slots = [...free]
    .sort(([a], [b]) => a - b)
    .map(([start, ids]) => ({ start, resources: order.filter((id) => ids.includes(id)) }));
  return { closed: false, slots };
}

/** The local dates, from mid-2026 to mid-2028, on which the zone's clock changes. */
function clockChangeDates(zone: string): string[] {
  const dates = new Set<string>();
  const from = utcMidnight("2026-06-01");
  for (let t = from; t < from + 2 * 366 * DAY; t += 3 * HOUR) {
    if (offsetAt(zone, t) !== offsetAt(zone, t + 3 * HOUR)) {
      dates.add(localDateOf(zone, t));
      dates.add(localDateOf(zone, t + 3 * HOUR));
    }
  }
  return [...dates];
}
const CHANGE_DATES = new Map<Zone, string[]>(ZONES.map((zone) => [zone, clockChangeDates(zone)]));

/** A week of opening intervals, sorted and apart, from these five-minute marks: closed days, one interval, split days. */
function weeklyHours(mark: fc.Arbitrary<number>): fc.Arbitrary<WeeklyHours> {
  const day = fc.uniqueArray(mark, { maxLength: 6 }).map((points) => {
    const sorted = points.sort((a, b) => a - b);
    const intervals: WallInterval[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) intervals.push({ opens: sorted[i] * 5, closes: sorted[i + 1] * 5 });
    return intervals;
  });
  return fc.array(day, { minLength: 7, maxLength: 7 });
}
const anyMark = fc.noBias(fc.integer({ min: 0, max: 288 }));
/** Mostly the small hours and the late evening, when clocks change. */
const nightMark = fc.oneof(fc.noBias(fc.integer({ min: 0, max: 72 })), fc.noBias(fc.integer({ min: 264, max: 288 })));

function dayQuery(dates: (zone: Zone) => fc.Arbitrary<string>, mark: fc.Arbitrary<number>): fc.Arbitrary<DayQuery> {
  return fc.constantFrom(...ZONES).chain((zone) =>
    fc
      .record({
        date: dates(zone),
        hours: weeklyHours(mark),
        own: fc.array(fc.option(weeklyHours(mark), { nil: undefined }), { minLength: 1, maxLength: 3 }),
        closures: fc.array(
          fc.record({
            from: fc.integer({ min: -3, max: 3 }),
            days: fc.integer({ min: 0, max: 3 }),
            label: fc.constantFrom("", "Holidays"),
          }),
          { maxLength: 2 },
        ),
        held: fc.array(
          fc.record({
            // r3 is nobody asked about: their bookings change nothing.
            who: fc.integer({ min: 0, max: 3 }),
            from: fc.integer({ min: -36 * 60, max: 60 * 60 }),
            minutes: fc.integer({ min: 1, max: 600 }),
            appointment: fc.boolean(),
          }),
          { maxLength: 10 },
        ),
        now: fc.integer({ min: -20 * 24 * 60, max: 2 * 24 * 60 }),
        leadMinutes: fc.integer({ min: 0, max: 24 * 60 }),
        windowDays: fc.integer({ min: 0, max: 30 }),
        stepMinutes: fc.integer({ min: 5, max: 240 }),
        bufferMinutes: fc.integer({ min: 0, max: 120 }),
        durationMinutes: fc.integer({ min: 5, max: 720 }),
      })
      .map((r): DayQuery => {
        const base = utcMidnight(r.date);
        const closures: Closure[] = r.closures.map((c) => ({
          from: utcDate(base + c.from * DAY),
          to: utcDate(base + (c.from + c.days) * DAY),
          label: c.label,
        }));
        const busy: Busy[] = r.held.map((h) => ({
          resourceId: `r${h.who}`,
          start: base + h.from * MINUTE,
          end: base + (h.from + h.minutes) * MINUTE,
          appointment: h.appointment,
        }));
        return {
          rules: {
            timeZone: zone,
            hours: r.hours,
            closures,
            leadMinutes: r.leadMinutes,
            windowDays: r.windowDays,
            stepMinutes: r.stepMinutes,
            bufferMinutes: r.bufferMinutes,
          },
          date: r.date,
          durationMinutes: r.durationMinutes,
          resources: r.own.map((hours, i) => (hours ? { id: `r${i}`, hours } : { id: `r${i}` })),
          busy,
          now: base + r.now * MINUTE,
        };
      }),
  );
}

const anyDate = (zone: Zone) =>
  fc.oneof(
    fc.constantFrom(...CHANGE_DATES.get(zone)!),
    fc.integer({ min: 0, max: 730 }).map((i) => utcDate(utcMidnight("2026-06-01") + i * DAY)),
  );
const changeDate = (zone: Zone) => fc.constantFrom(...CHANGE_DATES.get(zone)!);
const anyDay = dayQuery(anyDate, anyMark);
const RUNS = { numRuns: 100 };

describe("availability properties", () => {
  it("the model's clock sees the changes: a skipped and a repeated hour in every zone", () => {
    for (const zone of ZONES) expect(CHANGE_DATES.get(zone)!.length, zone).toBeGreaterThanOrEqual(4);
    // New York: 2:00–2:59 never happens on 2027-03-14; 1:00–1:59 happens twice on 2026-11-01.
    expect(wallClock("America/New_York", "2027-03-14").instant(150)).toBeNull();
    const fallBack = wallClock("America/New_York", "2026-11-01");
    expect(fallBack.instant(90)).toBe(Date.parse("2026-11-01T05:30:00Z"));
    expect(fallBack.wallAt(Date.parse("2026-11-01T06:30:00Z"))).toBe(90);
  });

  it("property: every offered time lies within the hours of each person it lists, on their grid from opening, and the appointment ends by closing in real minutes", () => {
    fc.assert(
      fc.property(anyDay, (query) => {
        const clock = wallClock(query.rules.timeZone, query.date);
        for (const slot of availableSlots(query).slots) {
          const wall = clock.wallAt(slot.start);
          expect(localDateOf(query.rules.timeZone, slot.start)).toBe(query.date);
          // The first time the clock reads it: never inside a skipped hour, never the repeat.
          expect(clock.instant(wall)).toBe(slot.start);
          for (const id of slot.resources) {
            const resource = query.resources.find((r) => r.id === id)!;
            const within = workingIntervals(query, resource).some(
              (i) =>
                i.opens <= wall &&
                wall < i.closes &&
                (wall - i.opens) % query.rules.stepMinutes === 0 &&
                slot.start + query.durationMinutes * MINUTE <= clock.reaching(i.closes),
            );
            expect(within, `${id} at ${wall}`).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it("property: no offered time is on a closure, and a closed day says why", () => {
    fc.assert(
      fc.property(anyDay, (query) => {
        const day = availableSlots(query);
        const closure = query.rules.closures.find((c) => c.from <= query.date && query.date <= c.to);
        if (closure) expect(day).toEqual({ closed: true, reason: closure.label || "Closed", slots: [] });
        for (const slot of day.slots) {
          const end = slot.start + query.durationMinutes * MINUTE - 1;
          for (const instant of [slot.start, end]) {
            const date = localDateOf(query.rules.timeZone, instant);
            expect(query.rules.closures.some((c) => c.from <= date && date <= c.to)).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it("property: no offered time overlaps a held time of a person it lists, with the buffer after appointments and after the new one", () => {
    fc.assert(
      fc.property(anyDay, (query) => {
        for (const slot of availableSlots(query).slots)
          for (const id of slot.resources)
            for (const held of query.busy.filter((b) => b.resourceId === id))
              expect(clashes(query, slot.start, held), `${id} at ${slot.start} and ${JSON.stringify(held)}`).toBe(
                false,
              );
      }),
      RUNS,
    );
  });

  it("property: times are sorted, each once, no sooner than now plus the lead time, within the booking window; each lists its free people once, in the order given", () => {
    fc.assert(
      fc.property(anyDay, (query) => {
        const { slots } = availableSlots(query);
        const ids = query.resources.map((r) => r.id);
        const today = localDateOf(query.rules.timeZone, query.now);
        if (query.date < today || utcMidnight(query.date) > utcMidnight(today) + query.rules.windowDays * DAY)
          expect(slots).toEqual([]);
        slots.forEach((slot, i) => {
          if (i > 0) expect(slot.start).toBeGreaterThan(slots[i - 1].start);
          expect(slot.start).toBeGreaterThanOrEqual(query.now + query.rules.leadMinutes * MINUTE);
          expect(slot.resources.length).toBeGreaterThan(0);
          expect(slot.resources).toEqual(ids.filter((id) => slot.resources.includes(id)));
        });
      }),
      RUNS,
    );
  });

  it("property: on the days clocks change, no time the clock skips, no wall-clock time twice, every appointment its real minutes within the hours", () => {
    fc.assert(
      fc.property(dayQuery(changeDate, nightMark), (query) => {
        const clock = wallClock(query.rules.timeZone, query.date);
        const { slots } = availableSlots(query);
        const walls = slots.map((s) => clock.wallAt(s.start));
        expect(new Set(walls).size).toBe(walls.length);
        for (const [i, slot] of slots.entries()) {
          expect(clock.instant(walls[i])).toBe(slot.start);
          const end = slot.start + query.durationMinutes * MINUTE;
          const closings = slot.resources.map((id) =>
            Math.max(
              ...workingIntervals(
                query,
                query.resources.find((r) => r.id === id)!,
              )
                .filter((w) => w.opens <= walls[i] && walls[i] < w.closes)
                .map((w) => clock.reaching(w.closes)),
            ),
          );
          for (const closing of closings) expect(end).toBeLessThanOrEqual(closing);
        }
      }),
      RUNS,
    );
  });

  it("property: every time that fits is offered: the answer is exactly the one the minute-by-minute clock gives", () => {
    fc.assert(
      fc.property(anyDay, (query) => {
        expect(availableSlots(query)).toEqual(expectedDay(query));
      }),
      { numRuns: 200 },
    );
  });

  it("property: the answer does not depend on what was asked before, nor on being handed the day's clock", () => {
    fc.assert(
      fc.property(anyDay, anyDay, (query, other) => {
        const first = availableSlots(query);
        availableSlots(other);
        expect(availableSlots(query)).toEqual(first);
        expect(availableSlots({ ...query, clock: dayClock(query.date, query.rules.timeZone) })).toEqual(first);
        // A clock of another date is not used for this one.
        const otherClock = dayClock(other.date, query.rules.timeZone);
        expect(availableSlots({ ...query, clock: otherClock })).toEqual(first);
      }),
      RUNS,
    );
  });

  it("property: the local day an instant falls on is the one the minute-by-minute clock gives, its bounds its first instants", () => {
    const nearChange = fc.constantFrom(...ZONES).chain((zone) =>
      fc.tuple(
        fc.constant(zone),
        fc
          .tuple(changeDate(zone), fc.integer({ min: -36 * 60, max: 60 * 60 }))
          .map(([date, minutes]) => utcMidnight(date) + minutes * MINUTE),
      ),
    );
    const anyTime = fc.tuple(
      fc.constantFrom(...ZONES),
      fc
        .integer({ min: utcMidnight("2026-06-01") / MINUTE, max: utcMidnight("2028-06-01") / MINUTE })
        .map((m) => m * MINUTE),
    );
    fc.assert(
      fc.property(fc.oneof(nearChange, anyTime), ([zone, instant]) => {
        const day = localDayOf(instant, zone);
        if (day === null) return;
        expect(day.date).toBe(localDateOf(zone, instant));
        expect(day.start <= instant && instant < day.end).toBe(true);
        expect(localDateOf(zone, day.start)).toBe(day.date);
        expect(localDateOf(zone, day.start - MINUTE)).not.toBe(day.date);
        expect(localDateOf(zone, day.end - MINUTE)).toBe(day.date);
        expect(localDateOf(zone, day.end)).not.toBe(day.date);
      }),
      RUNS,
    );
  });
});
