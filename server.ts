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
import { errorHandler, isDecodablePath } from "./app/server/http/error-handler.server";
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
// A path no handler could decode is refused here, once, rather than failing in whichever handler
// decodes it first.
server.use((req, res, next) => {
  if (isDecodablePath(req.path)) return next();
  res.status(400).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Bad request: the address is not valid.");
});
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

// The form API and page views from the page cache skip Express altogether (see app.server.ts).
const listener = http.createServer((req, res) => {
  if (!answerBeforeExpress(req, res)) server(req, res);
});
listener.listen(env.PORT, env.HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, mode: dev ? "development" : "production" }, `listening on http://localhost:${port}`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
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
    process.exit(0);
  });
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
