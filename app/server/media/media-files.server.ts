import type { NextFunction, Request, Response } from "express";
import { LocalMediaStorage } from "./storage/local-storage.server";
import { contentTypeOf, MediaKeyError, type MediaStorage } from "./storage/media-storage.server";

/** Only the formats the library stores are ever served from the media storage. */
const SERVABLE = /^\/[\w/.-]+\.(jpe?g|png|webp|avif)$/i;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * GET /media/*: the uploaded masters, read from the media storage (a folder or a bucket) and sent
 * by the app, so a bucket can stay private and the page's `img-src 'self'` holds. Keys are unique
 * and never reused, so they are cached for a year. The strict CSP and sandbox make sure that even
 * a file that is not what it claims could never run as a page of this site; the type comes from
 * the extension, never from what the storage says.
 */
export function mediaFilesHandler(storage: MediaStorage | string) {
  const media = typeof storage === "string" ? new LocalMediaStorage(storage) : storage;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const notFound = () =>
      void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("No such image");
    if (!SERVABLE.test(req.path) || req.path.includes("..")) return notFound();
    // SERVABLE leaves no percent sign, so the path is the key as it is.
    const key = req.path.slice(1);
    try {
      const object = await media.get(key).catch((error: unknown) => {
        if (error instanceof MediaKeyError) return null;
        throw error;
      });
      if (!object) return notFound();
      res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      res.setHeader("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
      res.setHeader("Content-Type", contentTypeOf(key));
      if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
      if (object.etag) res.setHeader("ETag", object.etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", String(object.size));
      res.status(200).end(req.method === "HEAD" ? undefined : object.body);
    } catch (error) {
      next(error);
    }
  };
}
