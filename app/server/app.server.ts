import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { draftPreviewMiddleware, type DraftPreview } from "./content/draft-preview.server";
import { afterAnswerContext, requestInfoContext, servicesContext } from "./context";
import type { Env } from "./env.server";
import type { RequestTarget } from "./http/request-target.server";
import { bodySizeLimit, sameOriginForStateChanges, securityHeaders } from "./http/security-headers.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  announceAdminChanges,
  answerFromCache,
  canonicalPaths,
  PageCache,
  pageCacheMiddleware,
} from "./http/page-cache.server";
import { submitFormApi } from "./forms/submit-form-api.server";
import type { Logger } from "./logger.server";
import { imageVariantAnswer } from "./media/image-handler.server";
import { healthCheck } from "./http/health.server";
import { storageOf } from "./media/image-variants.server";
import { mediaRoots } from "./media/library.server";
import { mediaFilesHandler } from "./media/media-files.server";
import { libraryImagePaths, prewarmEnabled, prewarmerFor } from "./media/prewarm.server";
import { startServices } from "./services.server";
import { availabilityApi } from "./booking/availability-api.server";
import { bookingApi } from "./booking/booking-api.server";

/** Public form bodies stay small. */
const PUBLIC_BODY_LIMIT = 64 * 1024;
/**
 * The admin's forms: the largest, the about page's editor, posts ~25 KB of text at its fields'
 * limits, and URL-encoding accented or non-Latin text can make that five or six times more.
 */
const ADMIN_FORM_BODY_LIMIT = 256 * 1024;
/** The one endpoint that takes files; it checks its own (larger) limit before reading a byte. */
const UPLOAD_PATH = "/admin/media/upload";

/** TRUST_PROXY: "true", a hop count, or addresses/subnets as Express understands them. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The whole application as an Express sub-app: services started, security middleware, then
 * React Router for pages, actions and resource routes. This is the server build's entry, so the
 * server code and the route modules share one module graph (one database, one cache).
 */
export async function createServerApp(env: Env, logger?: Logger) {
  const { services, close } = await startServices(env, logger);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));
  app.use(securityHeaders({ https: services.publicUrl.startsWith("https:") }));
  const media = mediaRoots(env);
  if (prewarmEnabled()) {
    // Every library image's variants, in the background: only the ones missing from the cache are made.
    void libraryImagePaths(services.db).then(
      (paths) => prewarmerFor(media).add(...paths),
      (error: unknown) => services.logger.error({ err: String(error) }, "image variants could not be queued"),
    );
  }
  app.use("/media", mediaFilesHandler(storageOf(media)));
  app.use(canonicalPaths());
  let proxyWarned = false;
  app.use(
    sameOriginForStateChanges(
      () => [services.publicUrl],
      ({ host }) => {
        if (proxyWarned) return;
        proxyWarned = true;
        services.logger.warn(
          { host, publicUrl: services.publicUrl },
          "forms refused: requests arrive through an https proxy that is not trusted; set TRUST_PROXY (e.g. loopback or the proxy's address) and PUBLIC_URL=https://" +
            host,
        );
      },
    ),
  );
  const isAdmin = (req: express.Request) => req.path.startsWith("/admin/");
  app.use(bodySizeLimit(PUBLIC_BODY_LIMIT, { skip: isAdmin }));
  app.use(bodySizeLimit(ADMIN_FORM_BODY_LIMIT, { skip: (req) => !isAdmin(req) || req.path === UPLOAD_PATH }));
  app.use(announceAdminChanges(() => void services.changes.publish()));
  // PAGE_CACHE=off renders every request (useful while developing templates).
  let pages: PageCache | undefined;
  if (env.isProduction && process.env.PAGE_CACHE !== "off") {
    pages = new PageCache();
    // A booking makes only the pages of live free times stale; an editor's change, every page.
    services.changes.onChange((scope) => (scope === "all" ? pages?.clear() : pages?.clearLive()));
    app.use(pageCacheMiddleware(pages, { https: services.publicUrl.startsWith("https:"), cdnMaxAge: env.CDN_MAX_AGE }));
  }
  app.use(draftPreviewMiddleware({ db: services.db, secret: () => services.env.sessionSecret }));
  app.use(
    createRequestHandler({
      // Imported once: a dynamic import per request costs a module-resolution round trip each time.
      build: await import("virtual:react-router/server-build"),
      mode: env.isProduction ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        const preview = res.locals.draftPreview as DraftPreview | undefined;
        context.set(
          servicesContext,
          preview ? { ...services, content: services.content.withDraft(preview.page, preview.values) } : services,
        );
        context.set(requestInfoContext, { nonce: String(res.locals.nonce ?? ""), clientIp: req.ip ?? "unknown" });
        context.set(afterAnswerContext, (task) => res.once("close", () => void task()));
        return context;
      },
    }),
  );
  const https = services.publicUrl.startsWith("https:");
  const answerSubmitForm = submitFormApi(services.forms, {
    bodyLimitBytes: PUBLIC_BODY_LIMIT,
    https,
    trustProxy: app.get("trust proxy fn"),
    allowedOrigins: () => [services.publicUrl],
  });
  const answerAvailability = availabilityApi(services, { https, trustProxy: app.get("trust proxy fn") });
  const answerBooking = bookingApi(services, {
    bodyLimitBytes: PUBLIC_BODY_LIMIT,
    https,
    trustProxy: app.get("trust proxy fn"),
    allowedOrigins: () => [services.publicUrl],
  });
  const answerHealth = healthCheck(services.db, services.logger, { https });
  const answerImageVariant = imageVariantAnswer(media, services.logger, { https });
  // Without TRUST_PROXY every visitor behind a proxy has the proxy's address: said once, on the first sign of one.
  let forwardingNoticed = env.TRUST_PROXY !== undefined;
  const noticeUntrustedForwarding = (req: IncomingMessage) => {
    if (forwardingNoticed || req.headers["x-forwarded-for"] === undefined) return;
    forwardingNoticed = true;
    services.logger.warn(
      { remoteAddress: req.socket.remoteAddress },
      "requests arrive with X-Forwarded-For but TRUST_PROXY is not set: the site takes the proxy's address for every visitor's, so the per-address limits on sign-in attempts and form submissions count all visitors together. Behind a reverse proxy, set TRUST_PROXY (loopback when it runs on this machine, else its address or a hop count such as 1); without a proxy, ignore this",
    );
  };
  /**
   * For server.ts: the health check, image variants, the form API, a day's availability, a
   * booking through the API and cached page views are answered from Node's own request and
   * response before any middleware runs (the hot paths under load). False: pass it to `app`.
   */
  const answerBeforeExpress = (req: IncomingMessage, res: ServerResponse, target: RequestTarget): boolean => {
    noticeUntrustedForwarding(req);
    return (
      answerHealth(req, res, target) ||
      answerImageVariant(req, res, target) ||
      answerSubmitForm(req, res, target) ||
      answerAvailability(req, res, target) ||
      answerBooking(req, res, target) ||
      (!!pages && answerFromCache(pages, req, res, target, { https, cdnMaxAge: env.CDN_MAX_AGE }))
    );
  };
  return { app, services, close, answerBeforeExpress };
}
