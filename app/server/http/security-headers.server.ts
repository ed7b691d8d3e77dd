import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { WEB_FONTS_HEAD_SCRIPT } from "~/lib/web-fonts";

/**
 * Strict headers on every response. Scripts run only from our origin (files) or, on the admin (a
 * React app whose router writes inline scripts), with this request's nonce; no page may be framed;
 * the map embed is the one third-party frame we allow. A public page's one inline script (the web
 * fonts' switch in its <head>) is allowed by its hash, so public pages need no nonce (null) and
 * their bytes can be the same for everyone.
 * `https`: the site is served over TLS (PUBLIC_URL is https), so HSTS and upgrades apply.
 */
export function securityHeaderList(nonce: string | null, options: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(nonce, options)],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}

/** The CSP source that allows the public pages' one inline script, and nothing else inline. */
export const WEB_FONTS_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(WEB_FONTS_HEAD_SCRIPT).digest("base64")}'`;

/** The policy itself; `nonce` null: scripts from our origin and the web fonts' switch (a public page). */
export function contentSecurityPolicy(nonce: string | null, options: { https: boolean }): string {
  const csp = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : `script-src 'self' ${WEB_FONTS_SCRIPT_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.google.com https://maps.google.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  if (options.https) csp.push("upgrade-insecure-requests");
  return csp.join("; ");
}

/**
 * Headers for answers that are data, never a document (the JSON form API): the same strict set,
 * with a policy that allows nothing at all, so it needs no nonce.
 */
export function dataSecurityHeaderList(options: { https: boolean }): [string, string][] {
  const csp = `default-src 'none'; frame-ancestors 'none'; sandbox${options.https ? "; upgrade-insecure-requests" : ""}`;
  return securityHeaderList(null, options).map(([name, value]): [string, string] =>
    name === "Content-Security-Policy" ? [name, csp] : [name, value],
  );
}

/**
 * Sends a JSON answer from Node's own response, for the answers made before Express: the strict
 * data headers, never cached, with its length. `extra`: more headers, flat [name, value, …].
 */
export function jsonSender(options: { https: boolean }) {
  const headers = [
    ...dataSecurityHeaderList(options).flat(),
    "Content-Type",
    "application/json; charset=utf-8",
    "Cache-Control",
    "no-store",
  ];
  return (res: ServerResponse, status: number, body: unknown, extra: string[] = []) => {
    const payload = Buffer.from(JSON.stringify(body));
    res.writeHead(status, [...headers, ...extra, "Content-Length", String(payload.length)]);
    res.end(payload); // Node sends no body to a HEAD request
  };
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function securityHeaders(options: { https: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    for (const [name, value] of securityHeaderList(nonce, options)) res.setHeader(name, value);
    // A page sets its own policy (a public page: no nonce). React Router's adapter appends the
    // page's headers, which would send both policies; the page's replaces this default instead.
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) =>
      field.toLowerCase() === "content-security-policy" && value !== undefined
        ? res.setHeader(field, value)
        : append(field, value);
    next();
  };
}

/**
 * Refuses a state-changing request whose Origin (or, lacking it, Referer) names another site.
 * Requests with neither (curl, server-to-server) carry no ambient browser credentials to abuse.
 */
export function sameOriginForStateChanges(
  allowedOrigins: () => string[],
  onUntrustedProxy: (details: { host: string; forwardedProto: string }) => void = () => {},
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const host = req.get("host") ?? "";
    const ownOrigins = [`${req.protocol}://${host}`, ...allowedOrigins()];
    const origin = req.get("origin");
    if (!isCrossSite(origin, req.get("referer"), ownOrigins)) return next();
    // The browser is on https://{host} but the site sees http: a TLS proxy in front that the site
    // was not told to trust. Every form would fail; say what to set, in the log and on the page.
    const forwardedProto = req.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "";
    const claimed = origin ?? originOf(req.get("referer"));
    if (forwardedProto === "https" && req.protocol === "http" && claimed === `https://${host}`) {
      onUntrustedProxy({ host, forwardedProto });
      res.status(403).type("text/plain").send(UNTRUSTED_PROXY_REFUSED);
      return;
    }
    res.status(403).type("text/plain").send(CROSS_SITE_REFUSED);
  };
}

export const CROSS_SITE_REFUSED = "Cross-site request refused";
export const UNTRUSTED_PROXY_REFUSED =
  "Cross-site request refused: this site runs behind an https proxy it does not trust, so it takes " +
  "your https form for another site's. The site's operator must set TRUST_PROXY (for example " +
  "TRUST_PROXY=loopback, or the proxy's address) and PUBLIC_URL to the https address, then restart.";

/** Whether a request's Origin (or, lacking it, its Referer's origin) is set and is none of ours. */
export function isCrossSite(origin: string | undefined, referer: string | undefined, ownOrigins: string[]): boolean {
  const claimed = origin ?? originOf(referer);
  return !!claimed && !ownOrigins.includes(claimed);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}

/** Public POST bodies are small; refuse larger ones before anything reads them. */
export function bodySizeLimit(maxBytes: number, options: { skip?: (req: Request) => boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || options.skip?.(req)) return next();
    const refusal = bodySizeRefusal(req.get("content-length"), req.get("transfer-encoding"), maxBytes);
    if (refusal) res.status(refusal.status).json({ error: refusal.error });
    else next();
  };
}

/** Why a body may not even be read: declared too large, or streamed without a declared length. */
export function bodySizeRefusal(
  contentLength: string | undefined,
  transferEncoding: string | undefined,
  maxBytes: number,
): { status: 411 | 413; error: string } | null {
  if (contentLength === undefined) {
    return transferEncoding ? { status: 411, error: "Send the request with a Content-Length header." } : null;
  }
  if (Number(contentLength) > maxBytes) {
    return { status: 413, error: `The request is too large (limit ${Math.round(maxBytes / 1024)} KB).` };
  }
  return null;
}
