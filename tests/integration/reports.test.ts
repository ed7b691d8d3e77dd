/**
 * The reports on the database, with known bookings and submissions: bookings per week by channel
 * (weeks on the salon's clock across a clock change), each person's booked time against their
 * working time less time off, no-shows, the revenue estimate and the top services from completed
 * visits, submissions per form (spam left out) and suite applications per week; the dashboard's
 * week against last from the same queries; and every report query reads bookings and
 * form_submissions through an index on a salon with three years of data (the query plan).
 */
import fc from "fast-check";
import { CompiledQuery, type Compilable } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { serviceTitle } from "~/lib/booking/model";
import { reportWeeks } from "~/lib/reports/range";
import {
  blockedTimeQuery,
  bookedMinutesQuery,
  bookingsPerWeekQuery,
  salonReport,
  submissionsQuery,
  type BookingFigures,
  visitsQuery,
  weekAgainstLast,
} from "~/server/reports/reports.server";
import { KeptAnswers } from "~/server/cluster/kept-answers.server";
import { bookingRow, insertBookingRow, type BookingRowValues } from "../support/booking-rows";
import { queryPlan } from "../support/query-plan";
import { contactSubmissionRow } from "../support/submission-rows";
import { testDialect, useTestDatabase } from "../support/test-db";
import { ensureResourceRows } from "~/server/booking/engine/resources.server";

const ZONE = "America/Chicago";
const NINE_TO_FIVE = { opens: 9 * 60, closes: 17 * 60 };
/** Tuesday to Saturday, 9 to 5. */
const RULES = {
  timeZone: ZONE,
  closures: [],
  hours: [[], [], NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE].map((d) =>
    Array.isArray(d) ? d : [d],
  ),
};
/** Two weeks; Chicago's clocks go back on Sunday 2026-11-01, the last day of the first. */
const RANGE = { from: "2026-10-26", to: "2026-11-08" };

describe(`reports (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  let anna = 0;
  const book = (values: BookingRowValues) =>
    insertBookingRow(db(), { staff_id: anna, duration_minutes: 60, ...values });
  const submit = (form_type: string, created_at: string, status: "new" | "spam" = "new") =>
    db().insertInto("form_submissions").values(contactSubmissionRow({ form_type, created_at, status })).execute();

  beforeEach(async () => {
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("form_submissions").execute();
    await db().deleteFrom("staff").execute();
    const at = new Date().toISOString();
    anna = (
      await db()
        .insertInto("staff")
        .values({ name: "Anna", calendar_token: "t-anna", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  /** The bookings and submissions every figure below is counted from. */
  async function aFortnight() {
    // Week of Oct 26 (CDT, UTC−5 until Sunday 2 AM).
    await book({ starts_at: "2026-10-27T15:00:00.000Z", source: "online" });
    // Sunday Nov 1, 11:30 PM CST: still the first week on the salon's clock (Monday in UTC).
    await book({ starts_at: "2026-11-02T05:30:00.000Z", source: "staff" });
    // Week of Nov 2 (CST, UTC−6): a visit of two services, a no-show, a request, and what does not count.
    await book({
      starts_at: "2026-11-03T17:00:00.000Z",
      source: "walk_in" as "staff",
      service: "nails",
      duration_minutes: 90,
      price: "$150 + $45",
    });
    await book({ starts_at: "2026-11-04T15:00:00.000Z", source: "online", outcome: "no_show" });
    await book({ starts_at: "2026-11-05T15:00:00.000Z", source: "online", status: "requested" });
    await book({ starts_at: "2026-11-06T15:00:00.000Z", source: "online", status: "cancelled" });
    await book({ starts_at: "2026-11-06T17:00:00.000Z", source: "staff", status: "declined" });
    // Outside the range: Sunday Oct 25 and Monday Nov 9.
    await book({ starts_at: "2026-10-25T15:00:00.000Z", source: "online" });
    await book({ starts_at: "2026-11-09T15:00:00.000Z", source: "online" });
    // Anna's time off: Tuesday Nov 3, 9 to 11.
    await book({
      kind: "block",
      starts_at: "2026-11-03T15:00:00.000Z",
      duration_minutes: 120,
      first_name: "",
      last_name: "",
    });
    await submit("Contact", "2026-10-27T20:00:00.000Z");
    await submit("Contact", "2026-10-30T20:00:00.000Z");
    await submit("Contact", "2026-10-30T21:00:00.000Z", "spam");
    await submit("Suite Application", "2026-10-28T20:00:00.000Z");
    await submit("Suite Application", "2026-11-04T20:00:00.000Z");
    await submit("Newsletter", "2026-11-05T20:00:00.000Z");
  }

  it("counts every report of a fortnight in the salon's weeks, across the clock change", async () => {
    await aFortnight();
    const report = await salonReport(db(), RULES, RANGE, new Date("2026-11-10T18:00:00Z"));
    expect(report.bookingsPerWeek).toEqual([
      { from: "2026-10-26", to: "2026-11-01", byChannel: { online: 1, staff: 1, walk_in: 0 }, total: 2 },
      { from: "2026-11-02", to: "2026-11-08", byChannel: { online: 2, staff: 0, walk_in: 1 }, total: 3 },
    ]);
    expect(report.noShows).toEqual({ reached: 4, noShows: 1, rate: 0.25 });
    expect(report.revenue).toEqual({ completedVisits: 3, amount: 65 + 65 + 195, unpriced: 0 });
    expect(report.topServices).toEqual([
      { service: serviceTitle("hair"), visits: 2, revenue: 130 },
      { service: serviceTitle("nails"), visits: 1, revenue: 195 },
    ]);
    // Ten working days of 8 hours, less 2 hours off; booked: 60 + 60 + 90 + the no-show's 60 minutes.
    expect(report.utilisation).toEqual([
      { staffId: anna, name: "Anna", bookedMinutes: 270, workingMinutes: 10 * 480 - 120, rate: 270 / 4680 },
    ]);
    expect(report.enquiries.map((e) => [e.label, e.count])).toEqual([
      ["Booking requests", 0],
      ["Appointment requests", 0],
      ["Contact messages", 2],
      ["Suite applications", 2],
      ["Newsletter sign-ups", 1],
    ]);
    expect(report.suiteApplicationsPerWeek.map((w) => w.count)).toEqual([1, 1]);
  });

  it("keeps the booking figures until a change is announced; submissions and the day are always fresh", async () => {
    await aFortnight();
    const kept = new KeptAnswers<BookingFigures>({ max: 20, ttlMs: 60_000 });
    const at = new Date("2026-11-10T18:00:00Z");
    const first = await salonReport(db(), RULES, RANGE, at, kept);
    const fresh = await salonReport(db(), RULES, RANGE, at);
    expect(first).toEqual(fresh);
    await book({ starts_at: "2026-10-28T15:00:00.000Z", source: "online" });
    await submit("Contact", "2026-10-29T20:00:00.000Z");
    // No announcement yet: the bookings as they were kept, the new message already counted.
    const before = await salonReport(db(), RULES, RANGE, at, kept);
    expect(before.bookingsPerWeek[0].total).toBe(2);
    expect(before.enquiries.find((e) => e.type === "Contact")?.count).toBe(3);
    // Another day is another key: its figures are read afresh.
    const nextDay = await salonReport(db(), RULES, RANGE, new Date("2026-11-11T18:00:00Z"), kept);
    expect(nextDay.bookingsPerWeek[0].total).toBe(3);
    // The change feed's announcement (every booking command, every admin change) drops them.
    kept.clear();
    const after = await salonReport(db(), RULES, RANGE, at, kept);
    expect(after).toEqual(await salonReport(db(), RULES, RANGE, at));
    expect(after.bookingsPerWeek[0].total).toBe(3);
  });

  it("counts a day's visits once the day has ended", async () => {
    await aFortnight();
    // Wednesday Nov 4, 10 AM: Tuesday's visit is counted, Wednesday's no-show not yet.
    const report = await salonReport(db(), RULES, RANGE, new Date("2026-11-04T16:00:00Z"));
    expect(report.noShows).toEqual({ reached: 3, noShows: 0, rate: 0 });
    expect(report.revenue.amount).toBe(65 + 65 + 195);
  });

  it("sets this week so far against the whole of last week", async () => {
    await aFortnight();
    // Friday Nov 6: this week began Monday Nov 2.
    expect(await weekAgainstLast(db(), ZONE, new Date("2026-11-06T18:00:00Z"))).toEqual({
      monday: "2026-11-02",
      bookings: { lastWeek: 2, thisWeek: 3 },
      revenue: { lastWeek: 130, thisWeek: 195 },
      enquiries: { lastWeek: 3, thisWeek: 1 },
      noShows: { lastWeek: 0, thisWeek: 1 },
    });
  });

  it("per-channel counts add up to each week's total, and the weeks to every booking that counts", async () => {
    const weeks = reportWeeks(RANGE, ZONE);
    const from = Date.parse(weeks[0].start);
    const to = Date.parse(weeks[1].end);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            at: fc.integer({ min: from - 86_400_000, max: to + 86_400_000 }),
            source: fc.constantFrom("online", "staff", "walk_in"),
            status: fc.constantFrom("confirmed", "requested", "cancelled" as const),
          }),
          { maxLength: 25 },
        ),
        async (bookings) => {
          await db().deleteFrom("bookings").execute();
          for (const b of bookings)
            await book({
              starts_at: new Date(Math.floor(b.at / 60_000) * 60_000).toISOString(),
              source: b.source as "staff",
              status: b.status,
            });
          const report = await salonReport(db(), RULES, RANGE, new Date(to));
          for (const week of report.bookingsPerWeek)
            expect(Object.values(week.byChannel).reduce((a, b) => a + b, 0)).toBe(week.total);
          const counted = bookings.filter((b) => {
            const start = Math.floor(b.at / 60_000) * 60_000;
            return b.status !== "cancelled" && start >= from && start < to;
          });
          expect(report.bookingsPerWeek.reduce((a, w) => a + w.total, 0)).toBe(counted.length);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("reads bookings and form_submissions through an index in every report query, on three years of data", async () => {
    await ensureResourceRows(db(), [`staff:${anna}`]);
    const start = Date.parse("2024-01-01T15:00:00Z");
    const statuses = ["confirmed", "confirmed", "confirmed", "cancelled", "requested", "declined"] as const;
    const rows = Array.from({ length: 3 * 365 * 12 }, (_, i) =>
      bookingRow({
        starts_at: new Date(start + Math.floor(i / 12) * 86_400_000 + (i % 12) * 1_800_000).toISOString(),
        staff_id: anna,
        kind: i % 97 === 0 ? "block" : "appointment",
        status: statuses[i % statuses.length],
        source: i % 3 ? "online" : "staff",
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto("bookings")
        .values(rows.slice(i, i + 500))
        .execute();
    const forms = Array.from({ length: 3 * 365 * 4 }, (_, i) =>
      contactSubmissionRow({
        form_type: i % 5 ? "Contact" : "Suite Application",
        created_at: new Date(start + i * 6 * 3_600_000).toISOString(),
      }),
    );
    for (let i = 0; i < forms.length; i += 500)
      await db()
        .insertInto("form_submissions")
        .values(forms.slice(i, i + 500))
        .execute();
    await db().executeQuery(CompiledQuery.raw("ANALYZE"));

    const weeks = reportWeeks({ from: "2026-09-07", to: "2026-11-28" }, ZONE);
    const queries: [string, Compilable][] = [
      ["bookings per week", bookingsPerWeekQuery(db(), weeks)],
      ["visits", visitsQuery(db(), weeks, "2026-11-28T06:00:00.000Z")],
      ["booked minutes", bookedMinutesQuery(db(), weeks)],
      ["blocked time", blockedTimeQuery(db(), weeks)],
      ["submissions", submissionsQuery(db(), weeks)],
    ];
    for (const [name, query] of queries) {
      const plan = await queryPlan(db(), query);
      expect(plan, `${name}:\n${plan}`).toMatch(/Index|INDEX/);
      expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan on (bookings|form_submissions)/);
      expect(plan, `${name}:\n${plan}`).not.toMatch(/SCAN (bookings|form_submissions)(?! USING)/);
    }
  });
});
