import { formatInZone } from "~/lib/dates";
import { CSV_BOM, csvRow } from "../submissions/csv.server";
import type { allClients } from "./directory.server";

type ExportRow = Awaited<ReturnType<ReturnType<typeof allClients>["next"]>>["value"] & object;

export const CLIENT_CSV_HEADERS = [
  "ID",
  "Name",
  "Email",
  "Phone",
  "Visits",
  "No-shows",
  "Late cancellations",
  "Last visit",
  "Spent (estimate, USD)",
  "Client since",
];

/** The client list as CSV, in the inbox export's format and with its formula guard (csvRow). */
export async function* clientCsvChunks(rows: AsyncIterable<ExportRow>, timeZone: string): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CLIENT_CSV_HEADERS);
  for await (const row of rows)
    yield csvRow([
      row.id,
      row.name,
      row.email,
      row.phone,
      row.visits,
      row.noShows,
      row.lateCancellations,
      row.lastVisitAt ? formatInZone(row.lastVisitAt, timeZone, "yyyy-MM-dd") : "",
      Math.round(row.spent),
      formatInZone(row.created_at, timeZone, "yyyy-MM-dd"),
    ]);
}
