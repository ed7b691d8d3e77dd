/**
 * A bare HTTP server guarded as server.ts guards the site, whose handlers fail in every way a
 * request handler can (for app/server/http/request-guard.test.ts). It logs JSON lines, the first
 * with its port; SIGHUP rejects a promise and SIGUSR2 throws, both outside any request.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { guardProcess, guardRequests } from "../../app/server/http/request-guard.server";
import { createLogger } from "../../app/server/logger.server";

const logger = createLogger("info");
const later = (fail: () => void) => setTimeout(fail, 1);

const server = http.createServer(
  guardRequests(logger, (req, res) => {
    switch (req.url) {
      case "/ok":
        res.end("ok");
        return;
      case "/throw":
        res.setHeader("Set-Cookie", "half=done");
        throw new Error("thrown at once");
      case "/reject":
        void Promise.reject(new Error("rejected and never awaited"));
        return;
      case "/throw-later":
        later(() => {
          throw new Error("thrown in a timer");
        });
        return;
      case "/throw-midway":
        res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "100" });
        res.write("the first part");
        later(() => {
          throw new Error("thrown after the answer began");
        });
        return;
      case "/throw-after":
        res.end("done");
        later(() => {
          throw new Error("thrown after the answer");
        });
        return;
      default:
        res.writeHead(404).end();
    }
  }),
);
guardProcess(logger, () => {
  server.close(() => process.exit(1));
  server.closeIdleConnections();
});
process.on("SIGHUP", () => void Promise.reject(new Error("rejected outside any request")));
process.on("SIGUSR2", () => {
  throw new Error("thrown outside any request");
});
server.listen(0, "127.0.0.1", () => logger.info({ port: (server.address() as AddressInfo).port }, "listening"));
