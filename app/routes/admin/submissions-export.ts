import { parseInboxQuery } from "~/lib/submissions";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
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
  const encoder = new TextEncoder();
  const chunks = csvChunks(allSubmissions(db, query), timeZone);
  let rows = 0;

  // The first chunk is read before answering, so a broken database gives a 500, not half a file.
  const first = await chunks.next();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      try {
        // Many rows per pull keep the number of tiny writes down.
        let text = "";
        let done = false;
        for (let i = 0; i < 200 && !done; i++) {
          const next = await chunks.next();
          if (next.done) done = true;
          else {
            text += next.value;
            rows += 1;
          }
        }
        if (text) controller.enqueue(encoder.encode(text));
        if (done) {
          controller.close();
          await audit(
            db,
            { userId: user.userId, email: user.email },
            `exported ${rows} submissions to CSV`,
            "Form Submissions",
          );
        }
      } catch (error) {
        logger.error({ err: String(error) }, "submissions export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(query, timeZone)}"`,
      "Cache-Control": "no-store",
      // X-Content-Type-Options: nosniff comes with every response (security headers); set here too, it would be sent twice.
    },
  });
}
