/**
 * The Node entry: `npm start` (production build) and `npm run dev` (Vite middleware).
 * Static files and compression live here; the application itself is app/server/app.server.ts.
 */
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { loadEnv } from "./app/server/env.server";
import { drainListenersFollowCompression } from "./app/server/http/compression-drain.server";
import { errorHandler } from "./app/server/http/error-handler.server";
import { guardProcess, guardRequests } from "./app/server/http/request-guard.server";
import {
  hasSeveralHosts,
  isForbiddenMethod,
  namesValidHosts,
  parseRequestTarget,
  refuseBadRequest,
  refuseMethod,
} from "./app/server/http/request-target.server";
import { createLogger } from "./app/server/logger.server";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV ??= "production";
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);

type AppModule = typeof import("./app/server/app.server");

const server = express();
server.disable("x-powered-by");
server.use(compression());
server.use(drainListenersFollowCompression());
// Static files never reach the app's security headers: at least no browser may sniff them into another type.
server.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
});

let appModule: AppModule;
if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  appModule = (await viteDevServer.ssrLoadModule("./app/server/app.server.ts")) as AppModule;
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  appModule = (await import(path.join(buildDir, "server/index.js"))) as AppModule;
  // Fingerprinted assets never change: cache them for a year. Everything else briefly.
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  server.use("/enhance", express.static(path.join(buildDir, "client/enhance"), { immutable: true, maxAge: "1y" }));
  // Other static files (images, favicon) all have an extension: pages skip the file lookup.
  const files = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  server.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
}

const { app, close, answerBeforeExpress } = await appModule.createServerApp(env, logger);
server.use(app);
server.use(errorHandler(logger));

// Every request: its target read once, defensively (one that cannot be a path of this site gets 400
// before any handler sees it); then the form API, availability and cached page views, which skip
// Express altogether (see app.server.ts); then Express. No error in any of it ends the process.
//
// Timeouts a browser never meets. Headers within 15 s: a browser sends them at once (and drops a
// socket it opened ahead and left unused after 10 s), while slow senders would otherwise hold a
// connection each for a minute. The whole request within 5 minutes: the largest an admin sends is
// three 10 MB images side by side, which take that long on a 1 Mbit/s uplink. Node checks both every
// connectionsCheckingInterval (30 s by default): every 2 s here, so they hold near their values.
// Idle keep-alive connections stay open 65 s, longer than a load balancer's or proxy's own idle
// timeout (60 s for AWS's and nginx's), so the proxy never reuses one the site is closing.
// Malformed requests (bad bytes, bare LF, header overflow, those timeouts) get Node's own answer:
// 400 (431, 408) and the connection closed.
const listener = http.createServer(
  { headersTimeout: 15_000, requestTimeout: 300_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 2_000 },
  guardRequests(logger, (req, res) => {
    const target = parseRequestTarget(req.url);
    if (!target || hasSeveralHosts(req) || !namesValidHosts(req)) return refuseBadRequest(res);
    if (isForbiddenMethod(req.method)) return refuseMethod(res);
    if (!answerBeforeExpress(req, res, target)) server(req, res);
  }),
);
listener.listen(env.PORT, env.HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, mode: dev ? "development" : "production" }, `listening on http://localhost:${port}`);
});

let shuttingDown = false;
async function shutdown(signal: string, exitCode = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const forced = setTimeout(() => {
    logger.error("shutdown took too long; exiting");
    process.exit(1);
  }, 10_000);
  forced.unref();
  listener.close(async () => {
    await close();
    logger.info("shut down cleanly");
    process.exit(exitCode);
  });
  // Each connection ends once its answer is sent: kept alive, it would hold the close for up to
  // keepAliveTimeout.
  listener.closeIdleConnections();
  setInterval(() => listener.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
guardProcess(logger, () => void shutdown("uncaughtException", 1));
