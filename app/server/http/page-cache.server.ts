import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "~/lib/theme";
import { newNonce, securityHeaderList } from "./security-headers.server";

interface CachedPage {
  /** The page's bytes split at its CSP nonce: joined with each response's own nonce. */
  parts: Buffer[];
  headers: [string, string][];
  expires: number;
}

/** Paths never kept: the admin, APIs, live booking times, a client's own booking, files and resources. */
const NOT_PAGES =
  /^\/(admin|api|appointment|book|_img|media|assets|enhance|images|fonts|healthz|theme|subscribe|sitemap\.xml|robots\.txt)(\/|$)/;
/** Headers that belong to one response: security headers are set afresh on every request, encoding by compression. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "content-security-policy",
  "date",
  "etag",
  "x-cache",
]);

/**
 * Rendered public pages kept in memory, so a visitor's GET is a string copy instead of a React
 * render and database reads. Only anonymous-looking GETs of public pages without a query string
 * are kept, per path and theme; entries live a minute at most (today's date appears in pages),
 * and every state-changing admin request empties the cache, so an editor never sees a stale page
 * after a save.
 */
export class PageCache {
  private pages = new Map<string, CachedPage>();
  /** Bumped by every clear: a render that began before a change must not be kept after it. */
  generation = 0;
  private bytes = 0;
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
    /** The pages' bytes together stay under this (~100 KB a page: a few hundred pages). */
    private readonly maxBytes = 48 * 1024 * 1024,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.expires < Date.now()) {
      this.remove(key, page);
      return undefined;
    }
    return page;
  }

  set(key: string, page: Omit<CachedPage, "expires">) {
    const size = sizeOf(page.parts);
    if (size > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    // Full: the oldest entries go first (a Map keeps insertion order).
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size < this.maxEntries && this.bytes + size <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    this.pages.set(key, { ...page, expires: Date.now() + this.ttlMs });
    this.bytes += size;
  }

  clear() {
    this.generation += 1;
    this.pages.clear();
    this.bytes = 0;
  }

  private remove(key: string, page: CachedPage) {
    this.pages.delete(key);
    this.bytes -= sizeOf(page.parts);
  }

  /** The bytes of all kept pages. */
  get byteSize() {
    return this.bytes;
  }

  get size() {
    return this.pages.size;
  }
}

const sizeOf = (parts: Buffer[]) => parts.reduce((sum, part) => sum + part.length, 0);

/**
 * One address per page: a GET for a path with a trailing slash or doubled slashes is sent (301)
 * to the path without them, query kept. Otherwise `/about`, `/about/` and `/about//` would each be
 * rendered, cached and indexed as a page of their own.
 */
export function canonicalPaths() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const [path, query] = splitQuery(req.originalUrl);
    const canonical = path.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
    if (canonical === path) return next();
    res.setHeader("Cache-Control", "no-store");
    res.redirect(301, canonical + query);
  };
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf("?");
  return at === -1 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}

/** The cache key of a request, or null when its answer may not be shared (see PageCache). */
function cacheKey(
  method: string | undefined,
  url: string | undefined,
  accept: string | undefined,
  cookie: string | undefined,
): string | null {
  if (method !== "GET" || !url || url.includes("?")) return null;
  if (NOT_PAGES.test(url) || url.endsWith(".data")) return null;
  if (!(accept ?? "text/html").includes("text/html") && accept !== "*/*") return null;
  return `${url}|${themeFromCookieHeader(cookie ?? null)}`;
}

function sendHit(res: ServerResponse, hit: CachedPage, nonce: string) {
  // No ETag: with a fresh nonce in every response, no two bodies are alike anyway.
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [hit.parts[0]];
  for (let i = 1; i < hit.parts.length; i++) pieces.push(nonceBytes, hit.parts[i]);
  const body = Buffer.concat(pieces);
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  res.setHeader("X-Cache", "HIT");
  res.setHeader("Content-Length", body.length);
  res.writeHead(200).end(body);
}

/**
 * A cache hit answered from Node's own request and response, before Express and its middleware
 * run: the busiest path of the site (every visitor's page view) costs a lookup and one write.
 * Only identity-encoded answers: a visitor whose browser accepts compression goes through Express
 * (compression is per response, as every response has its own nonce). Returns whether it answered.
 */
export function answerFromCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
  options: { https: boolean },
): boolean {
  if (req.headers["accept-encoding"]) return false;
  const key = cacheKey(req.method, req.url, req.headers.accept, req.headers.cookie);
  const hit = key ? cache.get(key) : undefined;
  if (!hit) return false;
  const nonce = newNonce();
  for (const [name, value] of securityHeaderList(nonce, options)) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  sendHit(res, hit, nonce);
  return true;
}

/**
 * Serves and fills the page cache. Emptying it is the caller's part: after every state-changing
 * admin request, on every instance (see `announceAdminChanges`).
 */
export function pageCacheMiddleware(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = cacheKey(req.method, req.originalUrl, req.get("accept"), req.get("cookie"));
    if (!key) return next();
    const nonce = String(res.locals.nonce ?? "");

    const hit = cache.get(key);
    if (hit) return sendHit(res, hit, nonce);

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Cache", "MISS");
    const generation = cache.generation;
    res.on("finish", () => {
      if (cache.generation !== generation) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || res.getHeader("set-cookie") || !type.startsWith("text/html")) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !PER_RESPONSE.has(name.toLowerCase()))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]);
      cache.set(key, { parts: splitAt(Buffer.concat(chunks), nonce), headers });
    });
    next();
  };
}

/** The bytes between the occurrences of `separator` (all of them when it is empty). */
function splitAt(bytes: Buffer, separator: string): Buffer[] {
  if (!separator) return [bytes];
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator, start); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + Buffer.byteLength(separator);
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * After every state-changing admin request that succeeded (content, slides, settings, media: any
 * of them may show on a public page), `announce` runs: it tells every instance to drop its cached
 * content, settings and pages. A refused request changed nothing and empties nothing: an error
 * status, or the guard's redirect of a visitor without a session to the sign-in page (anyone could
 * otherwise empty every instance's cache at will). Installed with or without the page cache.
 */
export function announceAdminChanges(announce: () => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || !req.path.startsWith("/admin/")) return next();
    res.on("finish", () => {
      const location = String(res.getHeader("location") ?? "");
      if (res.statusCode < 400 && !location.startsWith("/admin/login")) announce();
    });
    next();
  };
}
