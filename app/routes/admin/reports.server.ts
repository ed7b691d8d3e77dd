import { localDate } from "~/lib/dates";
import { parseReportRange, type RangeResult } from "~/lib/reports/range";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { loadBookingRules } from "~/server/booking/model.server";
import { salonReport, type SalonReport } from "~/server/reports/reports.server";
import { occupancyToday, type Occupancy } from "~/server/suites/occupancy.server";

type Args = Parameters<typeof requireStaff>[0] & { request: Request };

export type LoadedReport =
  | { ok: true; report: SalonReport; occupancy: Occupancy; today: string; timeZone: string }
  | (Extract<RangeResult, { ok: false }> & { today: string; timeZone: string });

/** The reports page and its CSV: an admin's range (or its error) and the report over it. */
export async function loadReport(args: Args, now = new Date()): Promise<LoadedReport> {
  await requireStaff(args, { role: "admin" });
  const { db, content, reportFigures } = args.context.get(servicesContext);
  const { rules } = await loadBookingRules(db, content);
  const today = localDate(now, rules.timeZone);
  const asked = parseReportRange(new URL(args.request.url).searchParams, today);
  if (!asked.ok) return { ...asked, today, timeZone: rules.timeZone };
  const [report, occupancy] = await Promise.all([
    salonReport(db, rules, asked.range, now, reportFigures),
    occupancyToday(db, now),
  ]);
  return { ok: true, report, occupancy, today, timeZone: rules.timeZone };
}
