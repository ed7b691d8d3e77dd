import { reportCsvLines } from "~/server/reports/csv.server";
import { loadReport } from "./reports.server";
import type { Route } from "./+types/reports-export";

/**
 * GET /admin/export/reports.csv?from=&to= (or ?preset=) — every report over the range as one CSV,
 * streamed line by line. Admins only; a wrong range gets 400 and says why.
 */
export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadReport(args);
  if (!loaded.ok) {
    return new Response(`${loaded.error}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { from, to } = loaded.report.range;
  const encoder = new TextEncoder();
  const lines = reportCsvLines(loaded.report);
  // Lines go out in chunks of about 16 KB: a write (and a compression flush) per line cost more
  // than making the report.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk = "";
      for (let next = lines.next(); !next.done; next = lines.next()) {
        chunk += next.value;
        if (chunk.length >= 16_384) break;
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      else controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reports-${from}-to-${to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
