import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.server";

/** The status an error carries (Express and its middleware set `status`), else 500. */
function statusOf(error: unknown): number {
  const value =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof value === "number" && value >= 400 && value < 600 ? value : error instanceof URIError ? 400 : 500;
}

/**
 * Express's last error handler: every error is logged through the JSON logger (Express's own
 * prints a plain-text stack to stderr) and answered with a short text, never the stack. A request
 * the server cannot even read (a malformed percent-encoding) is the client's error: 400.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = statusOf(error);
    const details = { status, method: req.method, path: req.originalUrl.slice(0, 300) };
    if (status >= 500)
      logger.error({ ...details, err: error instanceof Error ? error.stack : String(error) }, "request failed");
    else logger.warn({ ...details, err: String(error) }, "request refused");
    if (res.headersSent) return next(error);
    res.setHeader("Cache-Control", "no-store");
    res
      .status(status)
      .type("text/plain")
      .send(status >= 500 ? "Something went wrong on our side. Please try again." : "Bad request");
  };
}
