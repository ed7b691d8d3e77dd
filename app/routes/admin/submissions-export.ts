import { parseInboxQuery } from "~/lib/submissions";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { csvDownload } from "~/server/http/csv-download.server";
import { csvChunks, exportFileName } from "~/server/submissions/csv.server";
import { allSubmissions } from "~/server/submissions/query.server";
import type { Route } from "./+types/submissions-export";

/**
 * GET /admin/export/submissions.csv?status=&type=&q= — the inbox's current filter as a CSV
 * download (every page), streamed in batches. Staff only.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, logger, content } = args.context.get(servicesContext);
  const query = parseInboxQuery(new URL(args.request.url).searchParams);
  const { timeZone } = await content.getSettings();
  return csvDownload(csvChunks(allSubmissions(db, query), timeZone), {
    fileName: exportFileName(query, timeZone),
    logger,
    what: "submissions",
    onDone: (rows) =>
      audit(db, { userId: user.userId, email: user.email }, `exported ${rows} submissions to CSV`, "Form Submissions"),
  });
}
