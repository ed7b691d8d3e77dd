import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.server";
import { PoolFullError } from "./encode-pool.server";
import { parseVariantPath, VARIANT_CONTENT_TYPES, variantFile, type ImageRoots } from "./image-variants.server";

const MONTH = "public, max-age=2592000, stale-while-revalidate=86400";

/**
 * GET /_img/{width}/{format}/{source}: a resized, re-encoded image, cached for a month. Only a
 * sent image gets the long cache: a browser must not remember a miss or an error for a month.
 */
export function imageVariantHandler(roots: ImageRoots, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const fail = (status: number, text: string) => {
      res.setHeader("Cache-Control", "no-store");
      res.status(status).type("text/plain").send(text);
    };
    const request = parseVariantPath(req.baseUrl + req.path);
    if (!request) return fail(404, "No such image");
    try {
      const file = await variantFile(roots, request);
      if (!file) return fail(404, "No such image");
      res.type(VARIANT_CONTENT_TYPES[request.format]);
      // The file path is ours, never the visitor's: a data directory under a dot-folder
      // (~/.salon, ~/.local/share) is fine, which sendFile's default refuses.
      res.sendFile(file, { dotfiles: "allow", headers: { "Cache-Control": MONTH } }, (error) => {
        if (!error || res.headersSent) return; // sent, or the browser went away mid-file
        logger.error({ err: String(error), path: req.path }, "image variant could not be sent");
        fail(404, "No such image");
      });
    } catch (error) {
      if (error instanceof PoolFullError) {
        res.setHeader("Retry-After", String(error.retryAfterSeconds));
        return fail(503, error.message);
      }
      logger.error({ err: String(error), path: req.path }, "image variant failed");
      fail(500, "Image could not be processed");
    }
  };
}
