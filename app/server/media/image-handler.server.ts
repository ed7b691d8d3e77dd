import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs/promises";
import { dataSecurityHeaderList } from "../http/security-headers.server";
import type { RequestTarget } from "../http/request-target.server";
import type { Logger } from "../logger.server";
import { PoolFullError } from "./encode-pool.server";
import { parseVariantPath, VARIANT_CONTENT_TYPES, variantFile, type ImageRoots } from "./image-variants.server";

const MONTH = "public, max-age=2592000, stale-while-revalidate=86400";

/**
 * GET /_img/{width}/{format}/{source}: a resized, re-encoded image, cached for a month. Only a
 * sent image gets the long cache: a browser must not remember a miss or an error for a month.
 * Answered from Node's own request and response before Express (server.ts): a burst of first
 * visitors asks for dozens of variants a page, each one on disk is two stats and a file read.
 * An image is never a document: the strict headers of uploaded files (no scripts, sandboxed).
 * Returns whether it answered.
 */
export function imageVariantAnswer(roots: ImageRoots, logger: Logger, options: { https: boolean }) {
  const strictHeaders = [
    ...dataSecurityHeaderList(options),
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ] as const satisfies readonly (readonly [string, string])[];
  return (req: IncomingMessage, res: ServerResponse, target: RequestTarget): boolean => {
    if (target.path !== "/_img" && !target.path.startsWith("/_img/")) return false;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    for (const [name, value] of strictHeaders) res.setHeader(name, value);
    const fail = (status: number, text: string, extra: Record<string, string> = {}) => {
      if (res.headersSent) return void res.destroy();
      const body = Buffer.from(text);
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Content-Length", String(body.length));
      res.setHeader("Cache-Control", "no-store");
      for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
      res.writeHead(status).end(body);
    };
    const request = parseVariantPath(target.path);
    if (!request) {
      fail(404, "No such image");
      return true;
    }
    variantFile(roots, request).then(
      (file) => {
        if (!file) return fail(404, "No such image");
        res.setHeader("Content-Type", VARIANT_CONTENT_TYPES[request.format]);
        res.setHeader("Cache-Control", MONTH);
        sendVariantFile(req, res, file).catch((error: unknown) => {
          logger.error({ err: String(error), path: target.path }, "image variant could not be sent");
          fail(404, "No such image");
        });
      },
      (error: unknown) => {
        if (error instanceof PoolFullError) {
          return fail(503, error.message, { "Retry-After": String(error.retryAfterSeconds) });
        }
        logger.error({ err: String(error), path: target.path }, "image variant failed");
        fail(500, "Image could not be processed");
      },
    );
    return true;
  };
}

/**
 * One variant file, whole, in one write: ETag and Last-Modified as Express's sendFile made them, 304
 * to a browser's revalidation, no body to HEAD. A variant is at most a few hundred KB, and in a burst
 * of first visitors each one costs an open, a stat, a read and a close, with none of a stream's
 * per-chunk round trips. Ranges are not offered (no Accept-Ranges): an image is asked for whole.
 */
async function sendVariantFile(req: IncomingMessage, res: ServerResponse, file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    const { size, mtime } = await handle.stat();
    const etag = `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;
    res.setHeader("ETag", etag);
    res.setHeader("Last-Modified", mtime.toUTCString());
    if (isFresh(req, etag, mtime)) {
      res.writeHead(304).end();
      return;
    }
    res.setHeader("Content-Length", String(size));
    if (req.method === "HEAD") {
      res.writeHead(200).end();
      return;
    }
    const bytes = await handle.readFile();
    res.writeHead(200).end(bytes);
  } finally {
    await handle.close();
  }
}

/** Whether the browser's copy is this file (If-None-Match, else If-Modified-Since), unless it asked for no cache. */
function isFresh(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = req.headers;
  if (!ifNoneMatch && !ifModifiedSince) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch === "*" || ifNoneMatch.split(",").some((tag) => weak(tag) === weak(etag));
  }
  const since = Date.parse(ifModifiedSince!);
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}
