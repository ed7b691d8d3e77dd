import type { IncomingMessage, ServerResponse } from "node:http";

/** A request's target (`/path?query`) split once, for every handler that looks at it before Express. */
export interface RequestTarget {
  /** The path as sent, still percent-encoded; every escape in it decodes. */
  path: string;
  /** The text after the first `?`, without it; null without a `?`. */
  query: string | null;
}

/**
 * The request line's target, read defensively: null when it cannot be a path of this site, and the
 * request gets 400 before any handler sees it. Refused:
 *
 * - anything but a path (origin-form): `*`, `http://host/…` (absolute-form), `host:443`
 *   (authority-form). Browsers and reverse proxies send paths; the others come from scanners and
 *   open-proxy probes.
 * - a backslash in the path: not a URL character, and browsers read `/\host` as `//host`, so a
 *   redirect that kept it would send visitors to another site.
 * - `#`: a fragment never leaves the browser.
 * - a percent-escape that does not decode (`%zz`, `%E0%A4%A`, overlong UTF-8): it would throw in
 *   whichever handler decoded it first.
 *
 * Never `new URL(target, base)`: a target that starts with `//` is read as a host there (`//x:99999`
 * throws, `//evil.example/api/…` becomes the path `/api/…`).
 */
export function parseRequestTarget(target: string | undefined): RequestTarget | null {
  if (!target || target[0] !== "/" || target.includes("#")) return null;
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (path.includes("\\") || !isDecodable(path)) return null;
  return { path, query: queryAt === -1 ? null : target.slice(queryAt + 1) };
}

function isDecodable(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * More than one Host header: the reverse proxy and this server could each take a different one
 * (HTTP/1.1 requires a 400). Node keeps only the first in `req.headers`.
 */
export function hasSeveralHosts(req: IncomingMessage): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].length === 4 && req.rawHeaders[i].toLowerCase() === "host" && ++hosts > 1) return true;
  }
  return false;
}

/**
 * A Host header that names a host: a name or IPv4 address (letters, digits, `-._~`) or a bracketed
 * IPv6 address, and an optional port up to 65535. Anything else (empty, `[`, `x:99999`, `a/b`)
 * makes React Router's `new URL(…)` throw for every page, so the request gets 400 instead of 500.
 * HTTP/1.0 may leave it out (Node refuses that for HTTP/1.1).
 */
export function isValidHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match || (match[2] !== undefined && Number(match[2]) > 65_535)) return false;
  if (!match[1].startsWith("[")) return true;
  try {
    new URL(`http://${match[1]}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request's Host and, when present, every host in X-Forwarded-Host are valid: behind a trusted
 * proxy React Router builds the page's URL from the forwarded one (its port taken from anywhere in
 * the header), so `X-Forwarded-Host: a, b:99999` would fail every page too. A proxy never sends a
 * broken one; a client that does gets 400 whether or not the proxy is trusted.
 */
export function namesValidHosts(req: IncomingMessage): boolean {
  if (!isValidHost(req.headers.host)) return false;
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined) return true;
  return (Array.isArray(forwarded) ? forwarded.join(",") : forwarded)
    .split(",")
    .every((host) => isValidHost(host.trim()));
}

/**
 * The methods the Fetch API's Request refuses (`new Request(url, { method: "TRACE" })` throws): a
 * TRACE reached React Router's adapter and came back 500 with an error in the log. Node's parser
 * already refuses TRACK and hands CONNECT to its own event, so TRACE is the one to answer here.
 */
export function isForbiddenMethod(method: string | undefined): boolean {
  return method === "TRACE" || method === "TRACK" || method === "CONNECT";
}

const METHOD_NOT_ALLOWED = Buffer.from("Method not allowed.");

/** The 405 for a method no page answers, sent from Node's own response. */
export function refuseMethod(res: ServerResponse): void {
  res.writeHead(405, {
    Allow: "GET, HEAD, POST",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": METHOD_NOT_ALLOWED.length,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(METHOD_NOT_ALLOWED);
}

const BAD_REQUEST = Buffer.from("Bad request: the address is not valid.");

/** The 400 for a request no handler may see, sent from Node's own response. */
export function refuseBadRequest(res: ServerResponse): void {
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": BAD_REQUEST.length,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(BAD_REQUEST);
}
