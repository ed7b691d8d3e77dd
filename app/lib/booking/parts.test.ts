import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Busy } from "./busy";
import { availableSlots, visitSlots, type BookingRules, type VisitQuery } from "./availability";
import { bookingParts, encodeParts, partsBusy, storedPartsHeld, workStretches, type BookingPart } from "./parts";

const CHICAGO = "America/Chicago";
const nineToSix = [{ opens: 9 * 60, closes: 18 * 60 }];
const rules = (overrides: Partial<BookingRules> = {}): BookingRules => ({
  timeZone: CHICAGO,
  hours: [[], nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, nineToSix],
  closures: [],
  leadMinutes: 0,
  windowDays: 60,
  stepMinutes: 15,
  bufferMinutes: 0,
  ...overrides,
});
const NOW = Date.parse("2026-11-30T12:00:00Z");
const local = (hhmm: string) => Date.parse(`2026-12-01T${hhmm}:00-06:00`);
const hhmm = (instant: number) => format(new TZDate(instant, CHICAGO), "HH:mm");
const ANA = "staff:1";
const BEN = "staff:2";
const colour = { afterMinutes: 45, minutes: 30 };
// Ana's colour client from 10:00: she applies 10:00–10:45 and finishes 11:15–11:45.
const anaColour: Busy[] = partsBusy(
  [
    {
      service: "hair",
      option: "Colour",
      price: "",
      resource: ANA,
      staffId: 1,
      offsetMinutes: 0,
      durationMinutes: 105,
      processing: colour,
    },
  ],
  local("10:00"),
  true,
);

describe("processing time", () => {
  it("splits an option into the stretches its person works", () => {
    expect(workStretches(105, colour)).toEqual([
      [0, 45],
      [75, 105],
    ]);
    expect(workStretches(60)).toEqual([[0, 60]]);
    // A processing time that does not leave a finish is no gap: the whole option is work.
    expect(workStretches(75, colour)).toEqual([[0, 75]]);
  });

  it("lets a person take another client while a colour processes, and not a minute longer", () => {
    const day = availableSlots({
      rules: rules(),
      date: "2026-12-01",
      durationMinutes: 30,
      resources: [{ id: ANA }],
      busy: anaColour,
      now: NOW,
    });
    const times = day.slots.map((s) => hhmm(s.start));
    expect(times).toContain("10:45");
    expect(times).not.toContain("10:30");
    expect(times).not.toContain("11:00");
    expect(times).toContain("11:45");
  });

  it("keeps the buffer after each stretch the person works", () => {
    const day = availableSlots({
      rules: rules({ bufferMinutes: 5, stepMinutes: 5 }),
      date: "2026-12-01",
      durationMinutes: 20,
      resources: [{ id: ANA }],
      busy: anaColour,
      now: NOW,
    });
    const times = day.slots.map((s) => hhmm(s.start));
    // 10:45 + 5 min buffer; the 20 minutes and their buffer end by 11:15.
    expect(times).toContain("10:50");
    expect(times).not.toContain("10:45");
    expect(times).not.toContain("10:55");
  });

  it("holds a chair through processing: the client stays in it", () => {
    const chairColour = partsBusy(
      [
        {
          service: "hair",
          option: "Colour",
          price: "",
          resource: "service:hair",
          staffId: null,
          offsetMinutes: 0,
          durationMinutes: 105,
          processing: colour,
        },
      ],
      local("10:00"),
      true,
    );
    expect(chairColour).toHaveLength(1);
    const day = availableSlots({
      rules: rules(),
      date: "2026-12-01",
      durationMinutes: 30,
      resources: [{ id: "service:hair" }],
      busy: chairColour,
      now: NOW,
    });
    expect(day.slots.map((s) => hhmm(s.start))).not.toContain("10:45");
  });

  it("books a colour into another colour's processing only where both people's work never meets", () => {
    const day = availableSlots({
      rules: rules(),
      date: "2026-12-01",
      durationMinutes: 105,
      processing: colour,
      resources: [{ id: ANA }],
      busy: anaColour,
      now: NOW,
    });
    const times = day.slots.map((s) => hhmm(s.start));
    // A colour at 9:15 applies until 10:00 and finishes 10:30–11:00: over Ana's 10:00 apply.
    expect(times).not.toContain("09:15");
    // After everything, at 11:45: yes.
    expect(times).toContain("11:45");
    // Starting 9:00 she applies 9:00–9:45, processes 9:45–10:15 and finishes 10:15–10:45: over Ana's apply.
    expect(times).not.toContain("09:00");
  });
});

describe("a visit of several services", () => {
  const query = (overrides: Partial<VisitQuery> = {}): VisitQuery => ({
    rules: rules(),
    date: "2026-12-01",
    parts: [
      { durationMinutes: 30, resources: [{ id: ANA }, { id: BEN }] },
      { durationMinutes: 60, resources: [{ id: BEN }] },
    ],
    busy: [],
    now: NOW,
    ...overrides,
  });

  it("offers the times at which every part fits back to back, within closing", () => {
    const day = visitSlots(query());
    if (day.closed) throw new Error("closed");
    expect(hhmm(day.slots[0].start)).toBe("09:00");
    expect(day.slots[0].parts).toEqual([[ANA, BEN], [BEN]]);
    // 16:30 + 30 min + 60 min ends at 18:00; 16:45 would end after closing.
    expect(day.slots.map((s) => hhmm(s.start)).at(-1)).toBe("16:30");
  });

  it("leaves out a time at which a later part's person is busy", () => {
    const busy: Busy[] = [{ resourceId: BEN, start: local("10:00"), end: local("11:00"), appointment: true }];
    const day = visitSlots(query({ busy }));
    const times = day.slots.map((s) => hhmm(s.start));
    // The second part of a 9:00 visit (9:30–10:30) meets Ben's 10:00; at 9:30 too.
    expect(times).not.toContain("09:00");
    expect(times).not.toContain("09:30");
    expect(times).toContain("10:30");
    // At 10:30 only Ana is free for the first part; Ben does the second from 11:00.
    expect(day.slots.find((s) => hhmm(s.start) === "10:30")?.parts).toEqual([[ANA], [BEN]]);
    // Ben may do both parts back to back: his own first part does not hold him from his second.
    expect(
      visitSlots(query({ busy: [], parts: [query().parts[1], query().parts[1]] })).slots.map((s) => hhmm(s.start))[0],
    ).toBe("09:00");
  });
});

describe("stored parts", () => {
  const row = {
    parts: "",
    resource: ANA,
    staff_id: 1,
    service: "hair",
    option_name: "Cut",
    price: "$60",
    duration_minutes: 45,
  };

  it("reads a row without parts as one part on its resource", () => {
    expect(bookingParts(row)).toEqual([
      {
        service: "hair",
        option: "Cut",
        price: "$60",
        resource: ANA,
        staffId: 1,
        offsetMinutes: 0,
        durationMinutes: 45,
      },
    ]);
  });

  it("keeps a part with processing and a visit's parts, and nothing for a plain booking", () => {
    const parts: BookingPart[] = [
      {
        service: "hair",
        option: "Colour",
        price: "",
        resource: ANA,
        staffId: 1,
        offsetMinutes: 0,
        durationMinutes: 105,
        processing: colour,
      },
      { service: "hair", option: "Cut", price: "", resource: BEN, staffId: 2, offsetMinutes: 105, durationMinutes: 45 },
    ];
    expect(bookingParts({ ...row, parts: encodeParts(parts) })).toEqual(parts);
    expect(encodeParts(bookingParts(row))).toBe("");
  });
});

describe("storedPartsHeld (what availability reads of a stored visit, parsed once)", () => {
  const resource = fc.constantFrom(ANA, BEN, "service:hair");
  const part = fc.record({
    service: fc.constantFrom("hair", "nails"),
    option: fc.constant("Colour"),
    price: fc.constant("$120"),
    resource,
    staffId: fc.constantFrom(1, 2, null),
    offsetMinutes: fc.integer({ min: 0, max: 240 }),
    durationMinutes: fc.integer({ min: 5, max: 180 }),
    processing: fc.option(
      fc.record({ afterMinutes: fc.integer({ min: -5, max: 90 }), minutes: fc.integer({ min: -5, max: 90 }) }),
      {
        nil: undefined,
      },
    ),
  });
  // A few stored forms, so that rows of different resources share one (the cache must not mix them up).
  const storedForms = fc.constantFrom("", "not json", "[]", '{"a":1}');
  const stored = fc.oneof(
    storedForms,
    fc.array(part, { minLength: 1, maxLength: 3 }).map((p) => JSON.stringify(p)),
  );

  it("shifted to the booking's start, equals partsBusy of its parts, however often and in whatever order rows are read", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            resource,
            staff_id: fc.constantFrom(1, 2, null),
            duration_minutes: fc.integer({ min: 5, max: 300 }),
            parts: stored,
            start: fc.integer({ min: 0, max: 2 ** 40 }).map((n) => n * 60_000),
            appointment: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (rows) => {
          for (const row of [...rows, ...rows]) {
            const full = { ...row, service: "hair", option_name: "Colour", price: "$120" };
            const expected = partsBusy(bookingParts(full), row.start, row.appointment);
            const held = storedPartsHeld(row).map((b) => ({
              resourceId: b.resourceId,
              start: row.start + b.start,
              end: row.start + b.end,
              appointment: row.appointment,
            }));
            expect(held).toEqual(expected);
          }
        },
      ),
    );
  });
});
