import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "../logger.server";

interface InFlight {
  req: IncomingMessage;
  res: ServerResponse;
}

/** The request whose handling the running code belongs to, through every callback and promise it started. */
const inFlight = new AsyncLocalStorage<InFlight>();

const SERVER_ERROR = Buffer.from("Something went wrong on our side. Please try again.");

/**
 * The last line of defence for one request whose handler failed: the error is logged as JSON, and
 * the request gets a 500 while nothing of its answer was sent; with its answer begun, its socket is
 * closed (a half-sent answer cannot be turned into another); with its answer complete, the socket
 * may already carry the next request, so only the log remains.
 */
function answerFailedRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  logger.error(
    {
      method: req.method,
      path: (req.url ?? "").slice(0, 300),
      err: error instanceof Error ? error.stack : String(error),
    },
    "request failed",
  );
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Headers a failed handler may have set (a page's, a cookie) are not this answer's.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(500, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": SERVER_ERROR.length,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // What was left of the request's body, and the handler's state, are unknown: no next request on this socket.
    Connection: "close",
  });
  res.end(SERVER_ERROR);
}

/**
 * Runs `handle` for each request so that no error in it ends the process: thrown at once, it is
 * caught here; thrown later in a callback or left in a rejected promise the handler started, it
 * reaches `guardProcess`, which finds the request it belongs to.
 */
export function guardRequests(logger: Logger, handle: RequestListener): RequestListener {
  return (req, res) =>
    inFlight.run({ req, res }, () => {
      try {
        handle(req, res);
      } catch (error) {
        answerFailedRequest(logger, req, res, error);
      }
    });
}

/**
 * Errors nothing caught, logged as JSON (Node would print a plain-text stack to stderr and, for
 * both kinds, exit).
 *
 * - Started by a request (found through `guardRequests`): answered as that request's failure; the
 *   server serves on. Anyone can send requests, so a request that could end the process would let
 *   anyone stop the site.
 * - A promise rejected outside any request: logged, the server serves on. The rejection unwound
 *   only its own async function.
 * - An exception thrown outside any request (a background job, a connection): logged as fatal,
 *   then `shutDown` (in-flight requests finish, exit code 1; systemd or Docker starts a fresh
 *   process). It interrupted code half-way, and Node's advice holds: the state it left behind is
 *   unknown, and serving on from it could go wrong in ways nobody sees.
 */
export function guardProcess(logger: Logger, shutDown: () => void): void {
  process.on("unhandledRejection", (reason) => {
    const request = inFlight.getStore();
    if (request) return answerFailedRequest(logger, request.req, request.res, reason);
    logger.error({ err: reason instanceof Error ? reason.stack : String(reason) }, "unhandled promise rejection");
  });
  process.on("uncaughtException", (error) => {
    const request = inFlight.getStore();
    if (request) return answerFailedRequest(logger, request.req, request.res, error);
    logger.fatal({ err: error.stack ?? String(error) }, "uncaught exception outside any request: shutting down");
    shutDown();
  });
}
