import type { IncomingMessage, ServerResponse } from "node:http";
import { CROSS_SITE_REFUSED, dataSecurityHeaderList, isCrossSite } from "./security-headers.server";

/**
 * What the JSON APIs answered before Express (the form API, POST /api/bookings) read from Node's
 * own request, as Express would have.
 */

/** What Express calls req.protocol: X-Forwarded-Proto only from a trusted proxy. */
export function protocolOf(req: IncomingMessage, trustProxy: (address: string, hop: number) => boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trustProxy(req.socket.remoteAddress ?? "", 0)) return own;
  const forwarded = req.headers["x-forwarded-proto"];
  const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || own;
  return value.split(",", 1)[0].trim();
}

/** The request's body as UTF-8 text; null when it grows past the limit (a missing or false Content-Length). */
export function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? null : Buffer.concat(chunks, size).toString("utf8")));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("request aborted")));
  });
}

/**
 * The same-origin rule of every state change (sameOriginForStateChanges), for a POST answered
 * before Express: a cross-site request gets the same 403 and true; else false.
 */
export function refusedCrossSite(
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    https: boolean;
    trustProxy: (address: string, hop: number) => boolean;
    allowedOrigins: () => string[];
  },
): boolean {
  const headers = req.headers;
  const ownOrigin = `${protocolOf(req, options.trustProxy)}://${headers.host}`;
  if (!isCrossSite(headers.origin, headers.referer, [ownOrigin, ...options.allowedOrigins()])) return false;
  const payload = Buffer.from(CROSS_SITE_REFUSED);
  res.writeHead(403, [
    ...dataSecurityHeaderList({ https: options.https }).flat(),
    "Content-Type",
    "text/plain; charset=utf-8",
    "Content-Length",
    String(payload.length),
  ]);
  res.end(payload);
  return true;
}
