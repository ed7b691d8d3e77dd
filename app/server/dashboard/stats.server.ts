import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { BOOKING_SERVICES } from "~/content/bookings";
import { localDate, startOfWeekInZone } from "~/lib/dates";
import { FORM_TYPES, type FormType } from "~/lib/forms/submission";
import type { Db } from "../db/database.server";
import type { BookingStatus } from "../db/schema";

/** An appointment as the dashboard lists it. */
export interface DashboardAppointment {
  id: number;
  /** UTC ISO instants. */
  startsAt: string;
  endsAt: string;
  client: string;
  /** The service's title and the option chosen. */
  service: string;
  option: string;
  /** The person booked, or null for whoever is free (a booking on the service's own chair). */
  staff: string | null;
  status: BookingStatus;
  /** When the booking was made (a request's age), UTC ISO. */
  requestedAt: string;
}

/** How many upcoming booking requests the dashboard lists by name. */
export const WAITING_SHOWN = 5;

/** What the owner sees first: what came in this week and what is still waiting for them. */
export interface DashboardStats {
  /** Monday 00:00 of this week on the salon's clocks, as an ISO instant. */
  weekStart: string;
  /** Submissions since weekStart (spam left out), for every form type, in form order. */
  thisWeek: { type: FormType; count: number }[];
  newThisWeek: number;
  /** Booking request submissions (the request form, and older ones) still in the inbox (neither archived nor spam). */
  bookingRequests: number;
  /** Contact messages nobody has opened yet. */
  unansweredMessages: number;
  /** Every submission nobody has opened yet. */
  unread: number;
  /** Today on the salon's clock ("YYYY-MM-DD") and its appointments, requested or confirmed, by time. */
  today: { date: string; appointments: DashboardAppointment[] };
  /** Online booking requests still to be answered (their time not yet past), and the next few of them. */
  waiting: { count: number; next: DashboardAppointment[] };
}

const SERVICE_TITLES = new Map(BOOKING_SERVICES.map((s) => [s.id, s.title]));

function appointmentsQuery(db: Db) {
  return db
    .selectFrom("bookings")
    .leftJoin("staff", "staff.id", "bookings.staff_id")
    .select([
      "bookings.id",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.first_name",
      "bookings.last_name",
      "bookings.service",
      "bookings.option_name",
      "bookings.status",
      "bookings.created_at",
      "staff.name as staff_name",
    ])
    .where("bookings.kind", "=", "appointment");
}

type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentsQuery>["execute"]>>[number];

function toAppointment(row: AppointmentRow): DashboardAppointment {
  return {
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    client: `${row.first_name} ${row.last_name}`.trim(),
    service: SERVICE_TITLES.get(row.service) ?? row.service,
    option: row.option_name,
    staff: row.staff_name ?? null,
    status: row.status,
    requestedAt: row.created_at,
  };
}

/** Today's appointments and the booking requests waiting, on the salon's clock. */
async function bookingStats(db: Db, timeZone: string, now: Date) {
  const dayStart = startOfDay(new TZDate(now, timeZone));
  const from = new Date(dayStart.getTime()).toISOString();
  const to = new Date(addDays(dayStart, 1).getTime()).toISOString();
  const nowIso = now.toISOString();
  const waitingQuery = db
    .selectFrom("bookings")
    .where("kind", "=", "appointment")
    .where("status", "=", "requested")
    .where("starts_at", ">=", nowIso);
  const [today, count, next] = await Promise.all([
    appointmentsQuery(db)
      .where("bookings.status", "in", ["requested", "confirmed"])
      .where("bookings.starts_at", ">=", from)
      .where("bookings.starts_at", "<", to)
      .orderBy("bookings.starts_at")
      .orderBy("bookings.id")
      .execute(),
    waitingQuery.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    appointmentsQuery(db)
      .where("bookings.status", "=", "requested")
      .where("bookings.starts_at", ">=", nowIso)
      .orderBy("bookings.starts_at")
      .orderBy("bookings.id")
      .limit(WAITING_SHOWN)
      .execute(),
  ]);
  return {
    today: { date: localDate(now, timeZone), appointments: today.map(toAppointment) },
    waiting: { count: Number(count.count), next: next.map(toAppointment) },
  };
}

export async function dashboardStats(db: Db, timeZone: string, now: Date = new Date()): Promise<DashboardStats> {
  const weekStart = startOfWeekInZone(timeZone, now).toISOString();
  const [weekRows, openRows, bookings] = await Promise.all([
    db
      .selectFrom("form_submissions")
      .select((eb) => ["form_type", eb.fn.countAll<number>().as("count")])
      .where("created_at", ">=", weekStart)
      .where("status", "!=", "spam")
      .groupBy("form_type")
      .execute(),
    db
      .selectFrom("form_submissions")
      .select((eb) => ["form_type", "status", eb.fn.countAll<number>().as("count")])
      .where("status", "in", ["new", "read", "answered"])
      .groupBy(["form_type", "status"])
      .execute(),
    bookingStats(db, timeZone, now),
  ]);
  const weekly = new Map(weekRows.map((r) => [r.form_type, Number(r.count)]));
  const thisWeek = FORM_TYPES.map((type) => ({ type, count: weekly.get(type) ?? 0 }));
  const open = (match: (row: { form_type: string; status: string }) => boolean) =>
    openRows.filter(match).reduce((sum, row) => sum + Number(row.count), 0);
  return {
    weekStart,
    thisWeek,
    newThisWeek: thisWeek.reduce((sum, row) => sum + row.count, 0),
    bookingRequests: open((r) => r.form_type === "Booking"),
    unansweredMessages: open((r) => r.form_type === "Contact" && r.status === "new"),
    unread: open((r) => r.status === "new"),
    ...bookings,
  };
}
