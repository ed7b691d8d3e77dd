import { startOfWeekInZone } from "~/lib/dates";
import { FORM_TYPES, type FormType } from "~/lib/forms/submission";
import type { Db } from "../db/database.server";

/** What the owner sees first: what came in this week and what is still waiting for them. */
export interface DashboardStats {
  /** Monday 00:00 of this week on the salon's clocks, as an ISO instant. */
  weekStart: string;
  /** Submissions since weekStart (spam left out), for every form type, in form order. */
  thisWeek: { type: FormType; count: number }[];
  newThisWeek: number;
  /** Booking requests still in the inbox (neither archived nor spam). */
  bookingRequests: number;
  /** Contact messages nobody has opened yet. */
  unansweredMessages: number;
  /** Every submission nobody has opened yet. */
  unread: number;
}

export async function dashboardStats(db: Db, timeZone: string, now: Date = new Date()): Promise<DashboardStats> {
  const weekStart = startOfWeekInZone(timeZone, now).toISOString();
  const [weekRows, openRows] = await Promise.all([
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
      .where("status", "in", ["new", "read"])
      .groupBy(["form_type", "status"])
      .execute(),
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
  };
}
