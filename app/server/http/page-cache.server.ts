import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader, type Theme } from "~/lib/theme";
import { SESSION_COOKIE } from "../auth/session.server";
import { parseRequestTarget, type RequestTarget } from "./request-target.server";
import { securityHeaderList } from "./security-headers.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A public page as sent: the same bytes for every visitor (public pages carry no nonce). */
export interface PageBody {
  identity: Buffer;
  /** Made once, off the request path; a page is kept only with them, so a hit is never sent uncompressed to a browser. */
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the page's content (each encoding gets its own suffix). */
  etag: string;
}

interface CachedPage extends PageBody {
  headers: [string, string][];
  theme: Theme;
  /** A page of live free times: never offered to a CDN, whose copy no change can drop. */
  live: boolean;
  expires: number;
  /** The answers' header blocks, made on the first hit (see `answersOf`). */
  answers?: Record<Encoding, PageAnswer>;
}

/** A kept page's header block for one encoding, flat [name, value, …] as `writeHead` takes it. */
interface PageAnswer {
  ok: string[];
  notModified: string[];
}

/** Browsers revalidate a public page on every visit (a save must show at once): 304 when unchanged. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, no-cache";

export interface PublicPageOptions {
  https: boolean;
  /**
   * CDN_MAX_AGE: seconds a shared cache (a CDN) may serve a page without asking, at the price of
   * showing a save that much later; unset, it asks every time like a browser.
   */
  cdnMaxAge?: number;
}

/**
 * The Cache-Control of a kept page. With a CDN age, shared caches keep the page for that long
 * (s-maxage) while browsers still revalidate every visit (max-age=0, must-revalidate): `no-cache`
 * would bind the CDN too. Only the page for visitors without a theme cookie is offered to the CDN,
 * which keys on the address alone; the themed pages say Vary: Cookie and stay browser-only.
 */
export function publicCacheControl(options: PublicPageOptions, theme: Theme, live = false): string {
  if (!options.cdnMaxAge || theme !== "system" || live) return PUBLIC_PAGE_CACHE_CONTROL;
  return `public, max-age=0, must-revalidate, s-maxage=${options.cdnMaxAge}`;
}

/** What a kept page's answer varies by: its encoding, and with a CDN the theme cookie too. */
const varyOf = (options: PublicPageOptions) => (options.cdnMaxAge ? "Accept-Encoding, Cookie" : "Accept-Encoding");

/** Paths never kept: the admin, APIs, a client's own booking, files and resources. */
const NOT_PAGES =
  /^\/(admin|api|appointment|calendar|_img|media|assets|enhance|images|fonts|healthz|theme|subscribe|sitemap\.xml|robots\.txt)(\/|$)/;
/**
 * Pages with the live booking form (/book/{id}, /services/{id}, /suites/tour): their query
 * (`?option=&staff=&date=`, a visit's `also=&with=`) chooses the free times shown, so the whole
 * query is part of their key; every booking change drops them (decision 62).
 */
const LIVE_PAGE = /^\/(?:book\/[^/]+|services\/[^/]+|suites\/tour)$/;
/** A draft's preview link (`?preview=`) is one editor's view, answered `private, no-store`: never a key. */
const PREVIEW = /(?:^|&)preview=/;
/** A signed-in person's request: their pages are rendered, so an editor sees a save at once on every instance. */
const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
/** Headers that belong to one response: security headers are set afresh on every request, encoding by compression. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "cache-control",
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
 * render and database reads. Only GETs of public pages without a query string or a session
 * are kept, per path and theme; entries live a minute (today's date appears in pages), and every
 * state-changing admin request empties the cache, so an editor never sees a stale page after a
 * save. The first request after a page's minute renders it again; the requests meanwhile still get
 * the expired page, for at most `refreshGraceMs`, rather than all rendering it at once.
 */
export class PageCache {
  private pages = new Map<string, CachedPage>();
  /** Keys whose expired page one request is rendering again. */
  private refreshing = new Set<string>();
  /** Bumped by every clear: a render that began before a change must not be kept after it. */
  generation = 0;
  /** Bumped by every clear and clearLive: the same for the pages of live free times. */
  liveGeneration = 0;
  private bytes = 0;
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
    /** The pages' bytes together stay under this (~100 KB a page: a few hundred pages). */
    private readonly maxBytes = 48 * 1024 * 1024,
    private readonly refreshGraceMs = 10_000,
    /**
     * Pages of live free times have a key per query: a flood of made-up queries churns only these
     * (each was rendered anyway) and never pushes the site's other pages out.
     */
    private readonly maxLiveEntries = 100,
  ) {}

  private liveEntries = 0;

  /**
   * The page to send for a key, or undefined: then the caller renders it. Past its minute a page is
   * sent only while another request renders it again; the first request to find it expired is told
   * to render (undefined).
   */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page || page.expires >= Date.now()) return page;
    if (page.expires + this.refreshGraceMs >= Date.now()) {
      if (this.refreshing.has(key)) return page;
      this.refreshing.add(key);
      return undefined;
    }
    this.remove(key, page);
    return undefined;
  }

  /** A page within its minute only: for the request that renders an expired page again. */
  getFresh(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    return page && page.expires >= Date.now() ? page : undefined;
  }

  set(key: string, page: Omit<CachedPage, "expires">) {
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    if (page.live && this.liveEntries >= this.maxLiveEntries) {
      for (const [oldestKey, oldest] of this.pages) {
        if (!oldest.live) continue;
        this.remove(oldestKey, oldest);
        break;
      }
    }
    // Full: the oldest entries go first (a Map keeps insertion order).
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size < this.maxEntries && this.bytes + size <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    this.pages.set(key, { ...page, expires: Date.now() + this.ttlMs });
    this.bytes += size;
    if (page.live) this.liveEntries += 1;
  }

  /** What a render begun now is checked against before it is kept. */
  generationFor(live: boolean): number {
    return live ? this.liveGeneration : this.generation;
  }

  /** Drops the pages of live free times only (a booking changed; the other pages show none). */
  clearLive() {
    this.liveGeneration += 1;
    for (const [key, page] of this.pages) if (page.live) this.remove(key, page);
  }

  clear() {
    this.generation += 1;
    this.liveGeneration += 1;
    this.pages.clear();
    this.refreshing.clear();
    this.bytes = 0;
    this.liveEntries = 0;
  }

  private remove(key: string, page: CachedPage) {
    this.pages.delete(key);
    this.refreshing.delete(key);
    this.bytes -= sizeOf(page);
    if (page.live) this.liveEntries -= 1;
  }

  /** The bytes of all kept pages. */
  get byteSize() {
    return this.bytes;
  }

  get size() {
    return this.pages.size;
  }
}

const sizeOf = (page: PageBody) => page.identity.length + page.br.length + page.gzip.length;

/**
 * One address per page: a GET for a path with a trailing slash or doubled slashes is sent (301)
 * to the path without them, query kept. Otherwise `/about`, `/about/` and `/about//` would each be
 * rendered, cached and indexed as a page of their own.
 */
export function canonicalPaths() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const target = parseRequestTarget(req.originalUrl);
    if (!target) return next();
    const canonical = target.path.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
    if (canonical === target.path) return next();
    res.setHeader("Cache-Control", "no-store");
    res.redirect(301, target.query === null ? canonical : `${canonical}?${target.query}`);
  };
}

/**
 * The cache key of a request and its page's theme, or null when its answer may not be shared (see
 * PageCache). A HEAD is answered from a kept page (`forHead`) but never fills the cache.
 */
function cacheKey(
  method: string | undefined,
  target: RequestTarget | null,
  accept: string | undefined,
  cookie: string | undefined,
  { forHead }: { forHead: boolean },
): { key: string; theme: Theme; live: boolean } | null {
  if (!(method === "GET" || (forHead && method === "HEAD")) || !target) return null;
  const live = LIVE_PAGE.test(target.path);
  if (target.query !== null && (!live || PREVIEW.test(target.query))) return null;
  if (NOT_PAGES.test(target.path) || target.path.endsWith(".data")) return null;
  if (!(accept ?? "text/html").includes("text/html") && accept !== "*/*") return null;
  if (cookie && SIGNED_IN.test(cookie)) return null;
  const theme = themeFromCookieHeader(cookie ?? null);
  const address = target.query === null ? target.path : `${target.path}?${target.query}`;
  return { key: `${address}|${theme}`, theme, live };
}

type Encoding = "br" | "gzip" | "identity";

/** Accept-Encoding values seen, and the choice for each: browsers send a handful of distinct ones. */
const chosen = new Map<string, Encoding>();
const CHOSEN_MAX = 64;

/** What to send a client that accepts these encodings: brotli, else gzip, else the plain bytes. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const known = chosen.get(acceptEncoding ?? "");
  if (known) return known;
  // Any client may send any value: the memory of them stays small.
  if (chosen.size >= CHOSEN_MAX) chosen.clear();
  const encoding = encodingFor(acceptEncoding);
  chosen.set(acceptEncoding ?? "", encoding);
  return encoding;
}

function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** Whether If-None-Match names this page (weak comparison, as for GET: any encoding's tag). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(0, -1);
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag.startsWith(opaque));
}

/**
 * A kept page's headers for each encoding, in the order and with the values they had when each
 * was set one by one on the response: the page's own, the public security headers (no nonce: the
 * bytes are the same for everyone), then the cache's. Made once per page, so a hit only writes.
 */
function answersOf(hit: CachedPage, options: PublicPageOptions): Record<Encoding, PageAnswer> {
  const answer = (encoding: Encoding): PageAnswer => {
    // Keyed by lower-case name, as Node keeps set headers: a later value replaces one in its place.
    const headers = new Map<string, [string, string]>();
    const set = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of hit.headers) set(name, value);
    for (const [name, value] of securityHeaderList(null, options)) set(name, value);
    set("Vary", varyOf(options));
    set("Cache-Control", publicCacheControl(options, hit.theme, hit.live));
    set("ETag", encoding === "identity" ? hit.etag : `${hit.etag.slice(0, -1)}-${encoding}"`);
    set("X-Cache", "HIT");
    const notModified = [...headers].filter(([key]) => key !== "content-type").flatMap(([, header]) => header);
    if (encoding !== "identity") set("Content-Encoding", encoding);
    set("Content-Length", String(hit[encoding].length));
    return { ok: [...headers.values()].flat(), notModified };
  };
  return { br: answer("br"), gzip: answer("gzip"), identity: answer("identity") };
}

/** Sends a kept page in the encoding the client takes best, or 304 when it has this page already. */
function sendHit(req: IncomingMessage, res: ServerResponse, hit: CachedPage, options: PublicPageOptions): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const answer = (hit.answers ??= answersOf(hit, options))[encoding];
  // Through Express, middleware has set headers already (a nonce's policy): the kept page's replace them all.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  if (notModified(req.headers["if-none-match"], hit.etag)) {
    res.writeHead(304, answer.notModified).end();
    return;
  }
  res.writeHead(200, answer.ok).end(hit[encoding]); // Node sends no body to a HEAD request
}

/**
 * A cache hit answered from Node's own request and response, before Express and its middleware
 * run: the busiest path of the site (every visitor's page view) costs a lookup and one write of
 * bytes compressed once. Returns whether it answered.
 */
export function answerFromCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
  options: PublicPageOptions,
): boolean {
  const request = cacheKey(req.method, target, req.headers.accept, req.headers.cookie, { forHead: true });
  const hit = request ? cache.get(request.key) : undefined;
  if (!hit) return false;
  sendHit(req, res, hit, options);
  return true;
}

/**
 * Serves and fills the page cache. Emptying it is the caller's part: after every state-changing
 * admin request, on every instance (see `announceAdminChanges`).
 */
export function pageCacheMiddleware(cache: PageCache, options: PublicPageOptions) {
  /** Pages whose compressed forms are being made: another render of one meanwhile is not compressed again. */
  const compressing = new Set<string>();
  return (req: Request, res: Response, next: NextFunction) => {
    const target = parseRequestTarget(req.originalUrl);
    const cookie = req.get("cookie");
    const kept = cacheKey(req.method, target, req.get("accept"), cookie, { forHead: true });
    // Never an expired page: this request may be the one that renders it again (see PageCache.get).
    const hit = kept && cache.getFresh(kept.key);
    if (hit) return sendHit(req, res, hit, options);
    const request = cacheKey(req.method, target, req.get("accept"), cookie, { forHead: false });
    if (!request) return next();
    const { key, theme, live } = request;

    // A page that will be kept says so from its first answer, as a hit would (a CDN's first
    // request is a miss): a 200 HTML page without cookies whose route set no Cache-Control.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (
        status === 200 &&
        !res.getHeader("cache-control") &&
        !res.getHeader("set-cookie") &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html")
      ) {
        res.setHeader("Cache-Control", publicCacheControl(options, theme, live));
        res.setHeader("Vary", varyOf(options));
      }
      return writeHead(...args);
    }) as Response["writeHead"];

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
    const generation = cache.generationFor(live);
    res.on("finish", () => {
      if (cache.generationFor(live) !== generation) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || res.getHeader("set-cookie") || !type.startsWith("text/html")) return;
      const identity = Buffer.concat(chunks);
      // A page that carries this response's nonce cannot be shared (a public page never should).
      const nonce = String(res.locals.nonce ?? "");
      if (nonce && identity.includes(nonce)) return;
      // Nor one that says so (live booking times).
      if (String(res.getHeader("cache-control") ?? "").includes("no-store")) return;
      // Kept once compressed: until then each request renders the page and Express compresses it
      // on the fly, so no browser gets the plain bytes. A save meanwhile makes it stale: not kept.
      if (compressing.has(key)) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !PER_RESPONSE.has(name.toLowerCase()))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]);
      const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
      compressing.add(key);
      void compressPage(identity, live ? LIVE_BROTLI_QUALITY : zlib.constants.BROTLI_MAX_QUALITY)
        .then(
          (encoded) => {
            if (cache.generationFor(live) === generation)
              cache.set(key, { identity, ...encoded, etag, headers, theme, live });
          },
          () => {
            // Not kept: the next request renders the page again; nothing is lost.
          },
        )
        .finally(() => compressing.delete(key));
    });
    next();
  };
}

/**
 * A live page is dropped by every booking and has a key per query: brotli's best quality would cost
 * about 100 ms of CPU per kept booking page (five renders of it), quality 5 about 2 ms for 13 % more bytes.
 */
const LIVE_BROTLI_QUALITY = 5;

/** Brotli (at its best quality unless told) and gzip at level 9: once per page and change, off the request path. */
export async function compressPage(
  identity: Buffer,
  quality: number = zlib.constants.BROTLI_MAX_QUALITY,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { br, gzip: gz };
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
