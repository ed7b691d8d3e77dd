import { sql, type RawBuilder } from "kysely";
import { bookingPriceTotal, priceAmount } from "~/lib/booking/menu-prices";
import { localDate } from "~/lib/dates";
import {
  BOOKING_CHANNELS,
  channelLabel,
  formLabel,
  openDays,
  rate,
  workingMinutes,
  type Stretch,
} from "~/lib/reports/figures";
import { addLocalDays } from "~/lib/booking/availability";
import { midnightOf, mondayOf, rangeDates, reportWeeks, type ReportRange, type ReportWeek } from "~/lib/reports/range";
import type { BookingRules } from "~/lib/booking/availability";
import { parseStoredHours } from "~/lib/booking/working-hours";
import { HOLDING_STATUSES, serviceTitle } from "~/server/booking/model.server";
import type { KeptAnswers } from "../cluster/kept-answers.server";
import type { Db } from "../db/database.server";

/**
 * The owner's reports over a date range, each aggregated in the database (GROUP BY) by one query
 * on an index, so they stay fast on years of bookings: bookings per week by channel, each
 * person's booked time against their working time, no-shows, the revenue estimate and the top
 * services, and submissions per form and week. Weeks are Monday to Sunday on the salon's clock.
 */

/** Bookings that count as booked: those holding their time (a cancelled or declined one does not). */
const COUNTED_STATUSES = ["requested", "proposed", "confirmed"] as const;

/**
 * The index of the week an instant column falls in, as SQL: a binary search over the weeks' ends
 * (`CASE WHEN col < end₅ THEN (CASE …) ELSE (CASE …) END`), so a year's 53 weeks cost six comparisons
 * a row. The ends are bound parameters; ISO-8601 UTC texts order as their instants do.
 */
function weekIndex(column: "starts_at" | "created_at", weeks: readonly ReportWeek[]): RawBuilder<number> {
  const within = (first: number, last: number): RawBuilder<number> => {
    if (first === last) return sql<number>`${sql.lit(first)}`;
    const middle = Math.floor((first + last) / 2);
    return sql<number>`case when ${sql.ref(column)} < ${weeks[middle].end} then ${within(first, middle)} else ${within(middle + 1, last)} end`;
  };
  return within(0, weeks.length - 1);
}

const bounds = (weeks: readonly ReportWeek[]) => ({ start: weeks[0].start, end: weeks[weeks.length - 1].end });

/** Appointments booked per week and source (bookings.source), by their time. */
export function bookingsPerWeekQuery(db: Db, weeks: readonly ReportWeek[]) {
  const { start, end } = bounds(weeks);
  return db
    .selectFrom("bookings")
    .select((eb) => [weekIndex("starts_at", weeks).as("week"), "source", eb.fn.countAll<number>().as("count")])
    .where("kind", "=", "appointment")
    .where("status", "in", [...COUNTED_STATUSES])
    .where("starts_at", ">=", start)
    .where("starts_at", "<", end)
    .groupBy([sql.ref("week"), "source"]);
}

/**
 * Confirmed appointments whose day has ended (before `until`), per week, option, price and
 * outcome: the no-shows, the completed visits and what they were priced at.
 */
export function visitsQuery(db: Db, weeks: readonly ReportWeek[], until: string) {
  const { start, end } = bounds(weeks);
  return db
    .selectFrom("bookings")
    .select((eb) => [
      weekIndex("starts_at", weeks).as("week"),
      "service",
      "option_name",
      "price",
      "outcome",
      eb.fn.countAll<number>().as("count"),
    ])
    .where("kind", "=", "appointment")
    .where("status", "=", "confirmed")
    .where("starts_at", ">=", start)
    .where("starts_at", "<", end < until ? end : until)
    .groupBy([sql.ref("week"), "service", "option_name", "price", "outcome"]);
}

/** Each person's confirmed appointment minutes in the range (a no-show's time was booked too). */
export function bookedMinutesQuery(db: Db, weeks: readonly ReportWeek[]) {
  const { start, end } = bounds(weeks);
  return db
    .selectFrom("bookings")
    // Grouped by `staff_id + 0`, not the column: SQLite would otherwise read the rows in the order
    // of the (staff_id, kind) index, every year of them, instead of the range's on (status, starts_at).
    .select((eb) => [sql<number>`staff_id + 0`.as("staff_id"), eb.fn.sum<number>("duration_minutes").as("minutes")])
    .where("kind", "=", "appointment")
    .where("status", "=", "confirmed")
    .where("starts_at", ">=", start)
    .where("starts_at", "<", end)
    .where("staff_id", "is not", null)
    .groupBy(sql`staff_id + 0`);
}

/** People's blocked time (time off) that overlaps the range. */
export function blockedTimeQuery(db: Db, weeks: readonly ReportWeek[]) {
  const { start, end } = bounds(weeks);
  return db
    .selectFrom("bookings")
    .select(["staff_id", "starts_at", "ends_at"])
    .where("kind", "=", "block")
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", "<", end)
    .where("ends_at", ">", start)
    .where("staff_id", "is not", null);
}

/** Submissions per week and form, spam left out. */
export function submissionsQuery(db: Db, weeks: readonly ReportWeek[]) {
  const { start, end } = bounds(weeks);
  return db
    .selectFrom("form_submissions")
    .select((eb) => [weekIndex("created_at", weeks).as("week"), "form_type", eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .where("status", "!=", "spam")
    .groupBy([sql.ref("week"), "form_type"]);
}

export interface WeekFigures {
  /** The week's first day in the range ("YYYY-MM-DD") and its last. */
  from: string;
  to: string;
}

export interface SalonReport {
  range: ReportRange;
  /** The day the visit figures stop before: today (its visits are counted once it has ended). */
  visitsBefore: string;
  weeks: WeekFigures[];
  /** The channels shown: the known three, and any other source found. */
  channels: { id: string; label: string }[];
  bookingsPerWeek: (WeekFigures & { byChannel: Record<string, number>; total: number })[];
  utilisation: { staffId: number; name: string; bookedMinutes: number; workingMinutes: number; rate: number | null }[];
  noShows: { reached: number; noShows: number; rate: number | null };
  revenue: { completedVisits: number; amount: number; unpriced: number };
  topServices: { service: string; visits: number; revenue: number }[];
  enquiries: { type: string; label: string; count: number }[];
  suiteApplicationsPerWeek: (WeekFigures & { count: number })[];
}

/** A visit's estimated amount: its stored price's total ("$150 + $45" → 195, "$280+" → 280), if it names one. */
const visitAmount = (price: string) => priceAmount(bookingPriceTotal(price));

/** The reports that come from bookings and staff: all of a report but its submissions. */
export type BookingFigures = Omit<SalonReport, "enquiries" | "suiteApplicationsPerWeek"> & {
  /** The weeks the submissions are counted in too. */
  reportWeeks: ReportWeek[];
};

type ReportRules = Pick<BookingRules, "hours" | "closures" | "timeZone">;

/**
 * Every report over `range` (the salon's dates), as of `now`. With `kept` (the server's, emptied by
 * every announced change: a booking made, moved, cancelled or lapsed, any admin change), the
 * figures from bookings and staff are read once per range and day, as long as nothing changes; the
 * submissions, which arrive without an announcement, are always counted afresh.
 */
export async function salonReport(
  db: Db,
  rules: ReportRules,
  range: ReportRange,
  now: Date = new Date(),
  kept?: KeptAnswers<BookingFigures>,
): Promise<SalonReport> {
  const today = localDate(now, rules.timeZone);
  // Everything the figures depend on besides the data: the range, the day, the rules they count with.
  const key = JSON.stringify([range.from, range.to, today, rules.timeZone, rules.hours, rules.closures]);
  const figures = kept
    ? await kept.keep(key, () => bookingFigures(db, rules, range, today))
    : await bookingFigures(db, rules, range, today);
  const { reportWeeks: weeks, ...bookings } = figures;
  const submissionRows = await submissionsQuery(db, weeks).execute();
  const perForm = new Map<string, number>();
  const suites = bookings.weeks.map((week) => ({ ...week, count: 0 }));
  for (const row of submissionRows) {
    perForm.set(row.form_type, (perForm.get(row.form_type) ?? 0) + Number(row.count));
    if (row.form_type === "Suite Application") suites[Number(row.week)].count += Number(row.count);
  }
  const formOrder = ["Booking", "appointment_request", "Contact", "Suite Application", "Newsletter"];
  const enquiries = [...new Set([...formOrder, ...perForm.keys()])].map((type) => ({
    type,
    label: formLabel(type),
    count: perForm.get(type) ?? 0,
  }));
  return { ...bookings, enquiries, suiteApplicationsPerWeek: suites };
}

async function bookingFigures(db: Db, rules: ReportRules, range: ReportRange, today: string): Promise<BookingFigures> {
  const { timeZone } = rules;
  const weeks = reportWeeks(range, timeZone);
  const todayStart = new Date(midnightOf(today, timeZone)).toISOString();
  const [bookingRows, visitRows, bookedRows, blockRows, staff] = await Promise.all([
    bookingsPerWeekQuery(db, weeks).execute(),
    // The visit figures are the range's totals: one week spanning it groups far fewer rows.
    visitsQuery(db, [{ ...weeks[0], to: range.to, end: bounds(weeks).end }], todayStart).execute(),
    bookedMinutesQuery(db, weeks).execute(),
    blockedTimeQuery(db, weeks).execute(),
    db
      .selectFrom("staff")
      .select(["id", "name", "hours", "is_active"])
      .orderBy("display_order")
      .orderBy("id")
      .execute(),
  ]);

  const weekFigures = weeks.map((w) => ({ from: w.from, to: w.to }));

  const channelIds: string[] = BOOKING_CHANNELS.map((c) => c.id);
  for (const row of bookingRows) if (!channelIds.includes(row.source)) channelIds.push(row.source);
  const bookingsPerWeek = weekFigures.map((week, index) => {
    const byChannel = Object.fromEntries(channelIds.map((id) => [id, 0]));
    for (const row of bookingRows) if (Number(row.week) === index) byChannel[row.source] += Number(row.count);
    return { ...week, byChannel, total: Object.values(byChannel).reduce((a, b) => a + b, 0) };
  });

  let reached = 0;
  let noShows = 0;
  let completedVisits = 0;
  let amount = 0;
  let unpriced = 0;
  const services = new Map<string, { service: string; visits: number; revenue: number }>();
  for (const row of visitRows) {
    const count = Number(row.count);
    reached += count;
    if (row.outcome === "no_show") {
      noShows += count;
      continue;
    }
    completedVisits += count;
    const each = visitAmount(row.price);
    if (each === undefined) unpriced += count;
    const revenue = (each ?? 0) * count;
    amount += revenue;
    const title = serviceTitle(row.service);
    const entry = services.get(title) ?? { service: title, visits: 0, revenue: 0 };
    entry.visits += count;
    entry.revenue += revenue;
    services.set(title, entry);
  }

  const days = openDays(rangeDates(range), rules);
  const booked = new Map(bookedRows.map((r) => [Number(r.staff_id), Number(r.minutes)]));
  const blocks = new Map<number, Stretch[]>();
  for (const row of blockRows) {
    const id = Number(row.staff_id);
    blocks.set(id, [...(blocks.get(id) ?? []), { start: Date.parse(row.starts_at), end: Date.parse(row.ends_at) }]);
  }
  const utilisation = staff
    .filter((member) => Number(member.is_active) === 1 || booked.has(member.id))
    .map((member) => {
      const working = workingMinutes(days, parseStoredHours(member.hours), rules, blocks.get(member.id));
      const bookedMinutes = booked.get(member.id) ?? 0;
      return {
        staffId: member.id,
        name: member.name,
        bookedMinutes,
        workingMinutes: working,
        rate: rate(bookedMinutes, working),
      };
    });

  return {
    range,
    visitsBefore: today,
    weeks: weekFigures,
    channels: channelIds.map((id) => ({ id, label: channelLabel(id) })),
    bookingsPerWeek,
    utilisation,
    noShows: { reached, noShows, rate: rate(noShows, reached) },
    revenue: { completedVisits, amount, unpriced },
    topServices: [...services.values()].sort((a, b) => b.visits - a.visits || b.revenue - a.revenue),
    reportWeeks: weeks,
  };
}

/** One figure of this week against last: this week's (so far) and last week's. */
export interface WeekComparison {
  thisWeek: number;
  lastWeek: number;
}

export interface WeekAgainstLast {
  /** This week's Monday, "YYYY-MM-DD". */
  monday: string;
  bookings: WeekComparison;
  revenue: WeekComparison;
  /** Submissions of every form but newsletter sign-ups. */
  enquiries: WeekComparison;
  noShows: WeekComparison;
}

/** The dashboard's comparison: this week so far against the whole of last week, from the same queries as the reports. */
export async function weekAgainstLast(db: Db, timeZone: string, now: Date = new Date()): Promise<WeekAgainstLast> {
  const monday = mondayOf(localDate(now, timeZone));
  const weeks = reportWeeks({ from: addLocalDays(monday, -7), to: addLocalDays(monday, 6) }, timeZone);
  const todayStart = new Date(midnightOf(localDate(now, timeZone), timeZone)).toISOString();
  const [bookingRows, visitRows, submissionRows] = await Promise.all([
    bookingsPerWeekQuery(db, weeks).execute(),
    visitsQuery(db, weeks, todayStart).execute(),
    submissionsQuery(db, weeks).execute(),
  ]);
  const figure = <T extends { week: unknown; count: unknown }>(
    rows: T[],
    value: (row: T) => number = (row) => Number(row.count),
  ): WeekComparison => {
    const sum = (index: number) => rows.filter((r) => Number(r.week) === index).reduce((a, r) => a + value(r), 0);
    return { lastWeek: sum(0), thisWeek: sum(1) };
  };
  return {
    monday,
    bookings: figure(bookingRows),
    revenue: figure(
      visitRows.filter((r) => r.outcome !== "no_show"),
      (r) => (visitAmount(r.price) ?? 0) * Number(r.count),
    ),
    enquiries: figure(submissionRows.filter((r) => r.form_type !== "Newsletter")),
    noShows: figure(visitRows.filter((r) => r.outcome === "no_show")),
  };
}
