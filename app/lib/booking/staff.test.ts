import { describe, expect, it } from "vitest";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import type { WeeklyHours } from "./availability";
import { closureLabelSchema } from "./settings-form";
import { notBookableOnline } from "./messages";
import {
  calendarFeedUrl,
  parseStaffForm,
  parseTimeOffForm,
  servicesNobodyDoes,
  staffDetailsSchema,
  timeOffLabelSchema,
} from "./staff";
import { blockSchema, cancelSchema, declineSchema, staffBookingSchema } from "./staff-forms";
import {
  clockLabel,
  hoursSummary,
  parseClock,
  parseStoredHours,
  salonDayLabel,
  validateWorkingHours,
  workingDaysFor,
  type WorkingDayInput,
} from "./working-hours";

// The default salon: Tuesday to Friday, 9 to 6.
const NINE_TO_SIX = [{ opens: 540, closes: 1080 }];
const SALON: WeeklyHours = [[], [], NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, NINE_TO_SIX, []];
const OFF: WorkingDayInput = { off: true, start: "", end: "" };
const week = (changes: Record<number, WorkingDayInput>): WorkingDayInput[] =>
  Array.from({ length: 7 }, (_, day) => changes[day] ?? OFF);

describe("working hours", () => {
  it("accepts hours within the salon's, and stores them as minutes per weekday", () => {
    const result = validateWorkingHours(
      week({ 2: { off: false, start: "10:00", end: "16:30" }, 5: { off: false, start: "09:00", end: "18:00" } }),
      SALON,
    );
    expect(result).toEqual({
      ok: true,
      hours: [[], [], [{ opens: 600, closes: 990 }], [], [], [{ opens: 540, closes: 1080 }], []],
    });
  });

  it.each([
    [
      { 2: { off: false, start: "16:00", end: "10:00" } },
      "day-2",
      "Tuesday: the start (4:00 PM) must be before the end (10:00 AM).",
    ],
    [
      { 2: { off: false, start: "10:00", end: "10:00" } },
      "day-2",
      "Tuesday: the start (10:00 AM) must be before the end (10:00 AM).",
    ],
    [
      { 3: { off: false, start: "08:00", end: "12:00" } },
      "day-3",
      "Wednesday: 8:00 AM – 12:00 PM is outside the salon's opening hours (9:00 AM – 6:00 PM). Choose times within them.",
    ],
    [{ 4: { off: false, start: "12:00", end: "19:00" } }, "day-4", "outside the salon's opening hours"],
    [
      { 1: { off: false, start: "10:00", end: "12:00" } },
      "day-1",
      "Monday: the salon is closed on Mondays, so nobody can work then. Mark the day off.",
    ],
    [{ 2: { off: false, start: "", end: "12:00" } }, "day-2", "Tuesday: give a start and an end time"],
    [{ 2: { off: false, start: "25:00", end: "12:00" } }, "day-2", "Tuesday: give a start and an end time"],
  ])("refuses %j with a clear message", (changes, key, message) => {
    const result = validateWorkingHours(week(changes), SALON);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[key]?.[0]).toContain(message);
  });

  it("names every wrong day at once, and needs all seven", () => {
    const result = validateWorkingHours(
      week({ 0: { off: false, start: "10:00", end: "11:00" }, 2: { off: false, start: "12:00", end: "11:00" } }),
      SALON,
    );
    expect(result.ok === false && Object.keys(result.errors)).toEqual(["day-0", "day-2"]);
    expect(validateWorkingHours(week({}).slice(0, 6), SALON)).toEqual({
      ok: false,
      errors: { hours: ["Give the hours of all seven weekdays."] },
    });
  });

  it("shows stored hours (or the salon's, closed days off) in the form, and reads stored JSON defensively", () => {
    const own: WeeklyHours = [[], [], [{ opens: 600, closes: 960 }], [], [], [], []];
    expect(workingDaysFor(own, SALON)[2]).toEqual({ off: false, start: "10:00", end: "16:00" });
    // A day off still offers the salon's times, for when it is turned back on.
    expect(workingDaysFor(own, SALON)[3]).toEqual({ off: true, start: "09:00", end: "18:00" });
    expect(workingDaysFor(null, SALON).map((d) => d.off)).toEqual([true, true, false, false, false, false, true]);
    expect(parseStoredHours(JSON.stringify(own))).toEqual(own);
    const days = (first: unknown[]) => JSON.stringify([first, [], [], [], [], [], []]);
    for (const broken of ["", "{", "[]", days([{ opens: "9" }]), days([{ opens: "9:00", closes: 600 }]), days([null])])
      expect(parseStoredHours(broken), broken).toBeNull();
    expect(hoursSummary(null)).toBe("Salon's opening hours");
    expect(hoursSummary(own)).toBe("Tue 10:00 AM – 4:00 PM");
    expect(clockLabel(0)).toBe("12:00 AM");
    expect(clockLabel(1440)).toBe("12:00 AM");
  });

  it("a day the salon is closed shows off with no times; a week with fewer days reads the missing ones as off", () => {
    const off = { off: true, start: "", end: "" };
    expect(workingDaysFor(null, SALON)[0]).toEqual(off);
    expect(workingDaysFor([], [])).toEqual(Array(7).fill(off));
    const tuesday = week({ 2: { off: false, start: "10:00", end: "12:00" } });
    expect(validateWorkingHours(tuesday, [])).toEqual({
      ok: false,
      errors: { "day-2": ["Tuesday: the salon is closed on Tuesdays, so nobody can work then. Mark the day off."] },
    });
  });

  it("takes times typed with spaces, hours within either part of a split salon day, and names a missing end", () => {
    const split: WeeklyHours = SALON.map((day) =>
      day.length
        ? [
            { opens: 540, closes: 720 },
            { opens: 780, closes: 1080 },
          ]
        : [],
    );
    expect(parseClock(" 09:30 ")).toBe(570);
    expect(salonDayLabel(split[2])).toBe("9:00 AM – 12:00 PM, 1:00 PM – 6:00 PM");
    expect(salonDayLabel([])).toBe("closed");
    expect(validateWorkingHours(week({ 2: { off: false, start: " 13:00", end: "17:00 " } }), split)).toEqual({
      ok: true,
      hours: [[], [], [{ opens: 780, closes: 1020 }], [], [], [], []],
    });
    const result = validateWorkingHours(
      week({ 2: { off: false, start: "11:00", end: "14:00" }, 3: { off: false, start: "09:00", end: "" } }),
      split,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        "day-2": [
          "Tuesday: 11:00 AM – 2:00 PM is outside the salon's opening hours (9:00 AM – 12:00 PM, 1:00 PM – 6:00 PM). Choose times within them.",
        ],
        "day-3": ["Wednesday: give a start and an end time (for example 09:00 and 17:00), or mark the day off."],
      },
    });
  });

  it("sums up a week in one line: each working day with its hours, or that there are none", () => {
    const hours: WeeklyHours = [
      [],
      [],
      [{ opens: 600, closes: 960 }],
      [],
      [],
      [
        { opens: 540, closes: 720 },
        { opens: 780, closes: 1080 },
      ],
      [],
    ];
    expect(hoursSummary(hours)).toBe("Tue 10:00 AM – 4:00 PM · Fri 9:00 AM – 12:00 PM, 1:00 PM – 6:00 PM");
    expect(hoursSummary([[], [], [], [], [], [], []])).toBe("No working days");
  });
});

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

describe("the staff form", () => {
  it("takes a name, an optional e-mail, a library photo, known services and the salon's or their own hours", () => {
    const salonHours = parseStaffForm(
      formOf([
        ["name", "  Ana   Lopez "],
        ["email", " ana@salon.example "],
        ["photoUrl", "/media/2026/ana.jpg"],
        ["services", "nails"],
        ["services", "hair"],
        ["hoursMode", "salon"],
      ]),
      SALON,
    );
    // Services keep the booking page's order.
    expect(salonHours).toEqual({
      ok: true,
      value: {
        name: "Ana Lopez",
        email: "ana@salon.example",
        photoUrl: "/media/2026/ana.jpg",
        services: ["hair", "nails"],
        hours: null,
      },
    });
    const own = parseStaffForm(
      formOf([
        ["name", "Bea"],
        ["hoursMode", "custom"],
        ...[0, 1, 3, 4, 5, 6].map((d): [string, string] => [`off-${d}`, "on"]),
        ["start-2", "10:00"],
        ["end-2", "14:00"],
      ]),
      SALON,
    );
    expect(own).toMatchObject({
      ok: true,
      value: { email: "", hours: [[], [], [{ opens: 600, closes: 840 }], [], [], [], []] },
    });
  });

  it("keeps a name and a time-off label without NUL, controls or bidi overrides", () => {
    const name = staffDetailsSchema.shape.name;
    expect(name.parse(" Ana\u0000 \u202ELopez\t\u2069")).toBe("Ana Lopez");
    expect(name.safeParse("Ana\uD83D").error?.issues.map((i) => i.message)).toEqual([
      "Name has a broken character in it. Please type it again.",
    ]);
    expect(timeOffLabelSchema.parse("Holiday\u0000\r\n\u2066Spain")).toBe("Holiday Spain");
  });

  it("refuses a missing name, a wrong e-mail, a foreign photo, an unknown service and hours outside the salon's", () => {
    const result = parseStaffForm(
      formOf([
        ["name", "   "],
        ["email", "ana at salon"],
        ["photoUrl", "javascript:alert(1)"],
        ["services", "tattoos"],
        ["hoursMode", "custom"],
        ["start-2", "07:00"],
        ["end-2", "12:00"],
      ]),
      SALON,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toEqual(["Name is required"]);
    expect(result.errors.email).toEqual(["Enter a valid e-mail address, or leave it empty"]);
    expect(result.errors.photoUrl).toEqual(["Choose a photo from the media library, or leave it empty"]);
    expect(result.errors.services).toEqual(["Choose services from the list"]);
    expect(result.errors["day-2"]?.[0]).toContain("outside the salon's opening hours");
    // Sunday is neither off nor given times: it needs times, or off.
    expect(result.errors["day-0"]?.[0]).toContain("Sunday: give a start and an end time");
  });
});

describe("the time-off form", () => {
  const zone = "America/Chicago";
  it("whole days run from the first day's midnight to the midnight after the last, on the salon's clock", () => {
    const result = parseTimeOffForm(
      formOf([
        ["allDay", "on"],
        ["fromDate", "2026-12-01"],
        ["toDate", "2026-12-02"],
        ["label", " Vacation "],
      ]),
      zone,
    );
    expect(result).toEqual({
      ok: true,
      start: Date.parse("2026-12-01T06:00:00Z"),
      end: Date.parse("2026-12-03T06:00:00Z"),
      label: "Vacation",
    });
    // One day: the last day defaults to the first.
    expect(
      parseTimeOffForm(
        formOf([
          ["allDay", "on"],
          ["fromDate", "2026-12-01"],
        ]),
        zone,
      ),
    ).toMatchObject({
      end: Date.parse("2026-12-02T06:00:00Z"),
    });
  });

  it("a span of date-times, as the datetime-local input posts it", () => {
    const result = parseTimeOffForm(
      formOf([
        ["from", "2026-12-01T12:00"],
        ["to", "2026-12-01T14:30"],
      ]),
      zone,
    );
    expect(result).toEqual({
      ok: true,
      start: Date.parse("2026-12-01T18:00:00Z"),
      end: Date.parse("2026-12-01T20:30:00Z"),
      label: "",
    });
  });

  it.each([
    [
      [
        ["allDay", "on"],
        ["fromDate", "2026-12-05"],
        ["toDate", "2026-12-01"],
      ],
      "toDate",
      "The last day off cannot be before the first",
    ],
    [
      [
        ["allDay", "on"],
        ["fromDate", "2026-02-30"],
      ],
      "fromDate",
      "Give the first day off",
    ],
    [
      [
        ["from", "2026-12-01T14:00"],
        ["to", "2026-12-01T12:00"],
      ],
      "to",
      "The end must be after the start",
    ],
    [
      [
        ["from", "tomorrow"],
        ["to", "2026-12-01T12:00"],
      ],
      "from",
      "Give the date and time the time off starts",
    ],
    [
      [
        ["allDay", "on"],
        ["fromDate", "2026-01-01"],
        ["toDate", "2027-06-01"],
      ],
      "toDate",
      "at most 366 days",
    ],
    [
      [
        ["allDay", "on"],
        ["fromDate", "2026-12-01"],
        ["label", "x".repeat(101)],
      ],
      "label",
      "100 characters or fewer",
    ],
  ] as [[string, string][], string, string][])("refuses %j", (entries, key, message) => {
    const result = parseTimeOffForm(formOf(entries), zone);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[key]?.[0]).toContain(message);
  });
});

it("the calendar feed URL is absolute, on the site's origin", () => {
  expect(calendarFeedUrl("https://salon.example/", "abc_-1")).toBe("https://salon.example/calendar/abc_-1.ics");
});

// The staff and booking forms' inputs read maxLength from these schemas: the limit the browser
// keeps must be the one the server enforces, through trims, folds and pipes.
it.each([
  ["staff name", staffDetailsSchema.shape.name, 80],
  ["time off label", timeOffLabelSchema, 100],
  ["closure label", closureLabelSchema, 80],
  ["decline reason", declineSchema.shape.reason, 500],
  ["cancel reason", cancelSchema.shape.reason, 500],
  ["new booking notes", staffBookingSchema.shape.notes, 2000],
  ["block label", blockSchema.shape.label, 200],
])("the %s form field's maxLength is the limit its schema enforces (%i)", (_, schema, max) => {
  expect(schemaMaxLength(schema)).toBe(max);
  expect(schema.safeParse(` ${"x".repeat(max)} `).success).toBe(true);
  expect(schema.safeParse("x".repeat(max + 1)).success).toBe(false);
});

describe("services nobody offers", () => {
  it("are none while nobody is active, then the services no active person does, in the booking page's order", () => {
    expect(servicesNobodyDoes([])).toEqual([]);
    expect(servicesNobodyDoes([{ isActive: false, services: [] }])).toEqual([]);
    expect(
      servicesNobodyDoes([
        { isActive: true, services: ["hair", "lashes"] },
        { isActive: false, services: ["nails"] },
        { isActive: true, services: ["makeup", "eyebrows", "body-sculpting"] },
      ]),
    ).toEqual(["nails", "facials-waxing"]);
  });

  it("the suite manager (tours only) is not the salon's staff: the services still book like chairs", () => {
    expect(servicesNobodyDoes([{ isActive: true, services: ["suite-tour"] }])).toEqual([]);
    expect(servicesNobodyDoes([{ isActive: true, services: ["suite-tour", "hair"] }])).toContain("nails");
    expect(staffDetailsSchema.shape.services.parse(["suite-tour", "hair"])).toEqual(["hair", "suite-tour"]);
  });

  it("visitors are told to call, with the number when there is one", () => {
    expect(notBookableOnline("Nails", " (713) 555-0142 ")).toBe(
      "Online booking for Nails is not available right now. Call us at (713) 555-0142.",
    );
    expect(notBookableOnline("Nails", "")).toBe("Online booking for Nails is not available right now. Please call us.");
  });
});
