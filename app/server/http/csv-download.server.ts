import type { Logger } from "../logger.server";

/**
 * A CSV file as a streamed download: `chunks` (header first, then a line per row, as
 * submissions/csv.server.ts writes them) go out many at a time; `onDone` runs with the number of
 * rows once the last is sent (the audit line). The first chunk is read before answering, so a
 * broken database gives a 500, not half a file.
 */
export async function csvDownload(
  chunks: AsyncGenerator<string>,
  options: { fileName: string; logger: Logger; what: string; onDone: (rows: number) => Promise<void> },
): Promise<Response> {
  const encoder = new TextEncoder();
  let rows = 0;
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
          await options.onDone(rows);
        }
      } catch (error) {
        options.logger.error({ err: String(error) }, `${options.what} export failed`);
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
      "Content-Disposition": `attachment; filename="${options.fileName}"`,
      "Cache-Control": "no-store",
      // X-Content-Type-Options: nosniff comes with every response (security headers); set here too, it would be sent twice.
    },
  });
}
