import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "~/lib/theme";

interface CachedPage {
  /** The page split at its CSP nonce: joined with each response's own nonce. */
  parts: string[];
  headers: [string, string][];
  expires: number;
}

/** Paths that are never whole public pages: the admin, APIs, files and resources. */
const NOT_PAGES = /^\/(admin|api|_img|media|assets|enhance|images|fonts|healthz|theme|subscribe|sitemap\.xml|robots\.txt)(\/|$)/;
/** Headers that belong to one response: security headers are set afresh on every request, encoding by compression. */
const PER_RESPONSE = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "vary", "content-security-policy", "date", "etag", "x-cache"]);

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
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.expires < Date.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: Omit<CachedPage, "expires">) {
    if (this.pages.size >= this.maxEntries) this.pages.clear();
    this.pages.set(key, { ...page, expires: Date.now() + this.ttlMs });
  }

  clear() {
    this.generation += 1;
    this.pages.clear();
  }

  get size() {
    return this.pages.size;
  }
}

function cacheKey(req: Request): string | null {
  if (req.method !== "GET") return null;
  if (NOT_PAGES.test(req.path) || req.path.endsWith(".data")) return null;
  if (req.originalUrl.includes("?")) return null;
  if (!(req.get("accept") ?? "text/html").includes("text/html") && req.get("accept") !== "*/*") return null;
  return `${req.path}|${themeFromCookieHeader(req.get("cookie") ?? null)}`;
}

/**
 * `onAdminChange` runs after every state-changing admin request (content, slides, settings, media:
 * any of them may show on a public page); it must lead to `cache.clear()` on every instance.
 */
export function pageCacheMiddleware(cache: PageCache, onAdminChange: () => void = () => cache.clear()) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.path.startsWith("/admin/")) {
      res.on("finish", onAdminChange);
      return next();
    }
    const key = cacheKey(req);
    if (!key) return next();
    const nonce = String(res.locals.nonce ?? "");

    const hit = cache.get(key);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      // No ETag: with a fresh nonce in every response, no two bodies are alike anyway.
      const body = Buffer.from(hit.parts.join(nonce));
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
      return;
    }

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
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
      const html = Buffer.concat(chunks).toString("utf8");
      cache.set(key, { parts: nonce ? html.split(nonce) : [html], headers });
    });
    next();
  };
}
