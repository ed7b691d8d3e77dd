import { CSV_BOM, csvRow } from "../submissions/csv.server";
import type { SalonReport } from "./reports.server";

/**
 * Every report as one CSV, a row per figure: the report it belongs to, the week (or the whole
 * range), what is counted and the number. Amounts are dollars, times minutes, rates fractions.
 */
export const REPORT_CSV_HEADERS = ["Report", "From", "To", "Item", "Value"];

export function* reportCsvLines(report: SalonReport): Generator<string> {
  const { from, to } = report.range;
  yield CSV_BOM + csvRow(REPORT_CSV_HEADERS);
  for (const week of report.bookingsPerWeek) {
    for (const channel of report.channels)
      yield csvRow(["Bookings per week", week.from, week.to, channel.label, week.byChannel[channel.id] ?? 0]);
    yield csvRow(["Bookings per week", week.from, week.to, "All channels", week.total]);
  }
  for (const person of report.utilisation) {
    yield csvRow(["Utilisation", from, to, `${person.name}: booked minutes`, person.bookedMinutes]);
    yield csvRow(["Utilisation", from, to, `${person.name}: working minutes`, person.workingMinutes]);
    yield csvRow(["Utilisation", from, to, `${person.name}: utilisation`, person.rate ?? ""]);
  }
  yield csvRow(["No-shows", from, to, "Appointments that reached their time", report.noShows.reached]);
  yield csvRow(["No-shows", from, to, "No-shows", report.noShows.noShows]);
  yield csvRow(["No-shows", from, to, "No-show rate", report.noShows.rate ?? ""]);
  yield csvRow(["Revenue estimate", from, to, "Completed visits", report.revenue.completedVisits]);
  yield csvRow(["Revenue estimate", from, to, "Estimate (USD)", report.revenue.amount]);
  for (const service of report.topServices) {
    yield csvRow(["Top services", from, to, `${service.service}: visits`, service.visits]);
    yield csvRow(["Top services", from, to, `${service.service}: revenue estimate (USD)`, service.revenue]);
  }
  for (const form of report.enquiries) yield csvRow(["Enquiries per form", from, to, form.label, form.count]);
  for (const week of report.suiteApplicationsPerWeek)
    yield csvRow(["Suite applications per week", week.from, week.to, "Suite applications", week.count]);
}
