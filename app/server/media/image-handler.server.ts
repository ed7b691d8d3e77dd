import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.server";
import { parseVariantPath, VARIANT_CONTENT_TYPES, variantFile, type ImageRoots } from "./image-variants.server";

/** GET /_img/{width}/{format}/{source}: a resized, re-encoded image, cached for a month. */
export function imageVariantHandler(roots: ImageRoots, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const request = parseVariantPath(req.baseUrl + req.path);
    if (!request) {
      res.status(404).type("text/plain").send("No such image");
      return;
    }
    try {
      const file = await variantFile(roots, request);
      if (!file) {
        res.status(404).type("text/plain").send("No such image");
        return;
      }
      res.setHeader("Cache-Control", "public, max-age=2592000, stale-while-revalidate=86400");
      res.type(VARIANT_CONTENT_TYPES[request.format]);
      res.sendFile(file);
    } catch (error) {
      logger.error({ err: String(error), path: req.path }, "image variant failed");
      res.status(500).type("text/plain").send("Image could not be processed");
    }
  };
}
