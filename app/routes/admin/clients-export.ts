import { parseClientQuery } from "~/lib/clients/directory";
import { formatInZone } from "~/lib/dates";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { clientCsvChunks } from "~/server/clients/csv.server";
import { allClients } from "~/server/clients/directory.server";
import { servicesContext } from "~/server/context";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/clients-export";

/** GET /admin/export/clients.csv?q= — the client list (every page of the search) as CSV, streamed. Staff only. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, logger, content } = args.context.get(servicesContext);
  const { q } = parseClientQuery(new URL(args.request.url).searchParams);
  const { timeZone } = await content.getSettings();
  const now = Date.now();
  return csvDownload(clientCsvChunks(allClients(db, q, timeZone, now), timeZone), {
    fileName: `clients-${formatInZone(new Date(now), timeZone, "yyyy-MM-dd")}.csv`,
    logger,
    what: "clients",
    onDone: (rows) =>
      audit(db, { userId: user.userId, email: user.email }, `exported ${rows} clients to CSV`, "Clients"),
  });
}
