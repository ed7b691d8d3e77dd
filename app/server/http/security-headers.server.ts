import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Strict headers on every response. Scripts run only from our origin or with this request's
 * nonce; no page may be framed; the map embed is the one third-party frame we allow.
 * `https`: the site is served over TLS (PUBLIC_URL is https), so HSTS and upgrades apply.
 */
export function securityHeaderList(nonce: string, options: { https: boolean }): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
  const headers: [string, string][] = [
    ["Content-Security-Policy", csp.join("; ")],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function securityHeaders(options: { https: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    for (const [name, value] of securityHeaderList(nonce, options)) res.setHeader(name, value);
    next();
  };
}

/**
 * Refuses a state-changing request whose Origin (or, lacking it, Referer) names another site.
 * Requests with neither (curl, server-to-server) carry no ambient browser credentials to abuse.
 */
export function sameOriginForStateChanges(allowedOrigins: () => string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin") ?? originOf(req.get("referer"));
    if (!origin) return next();
    const host = req.get("host");
    const own = [`${req.protocol}://${host}`, ...allowedOrigins()];
    if (own.includes(origin)) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
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
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        res.status(411).json({ error: "Send the request with a Content-Length header." });
        return;
      }
      return next();
    }
    if (Number(length) > maxBytes) {
      res.status(413).json({ error: `The request is too large (limit ${Math.round(maxBytes / 1024)} KB).` });
      return;
    }
    next();
  };
}
