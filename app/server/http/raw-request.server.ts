import type { IncomingMessage, ServerResponse } from "node:http";
import {
  bodySizeRefusal,
  CROSS_SITE_REFUSED,
  dataSecurityHeaderList,
  isCrossSite,
  type jsonSender,
} from "./security-headers.server";

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

/**
 * The door of a JSON POST answered before Express: another method gets 405, a cross-site request
 * the same 403 as every state change, a body declared past the limit its 411 or 413 (`refusalBody`
 * shapes that JSON). True when it answered.
 */
export function refusedPost(
  req: IncomingMessage,
  res: ServerResponse,
  send: ReturnType<typeof jsonSender>,
  options: Parameters<typeof refusedCrossSite>[2] & { bodyLimitBytes: number },
  refusalBody: (error: string) => object = (error) => ({ error }),
): boolean {
  if (req.method !== "POST") {
    send(res, 405, { error: "Use POST." }, ["Allow", "POST"]);
    return true;
  }
  if (refusedCrossSite(req, res, options)) return true;
  const refusal = bodySizeRefusal(
    req.headers["content-length"],
    req.headers["transfer-encoding"],
    options.bodyLimitBytes,
  );
  if (!refusal) return false;
  send(res, refusal.status, refusalBody(refusal.error));
  return true;
}
