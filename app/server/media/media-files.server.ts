import express, { type NextFunction, type Request, type Response } from "express";

/** Only the formats the library stores are ever served from the uploads folder. */
const SERVABLE = /^\/[\w/.-]+\.(jpe?g|png|webp|avif)$/i;

/**
 * GET /media/*: the uploaded masters from DATA_DIR/uploads. File names are unique and never
 * reused, so they are cached for a year. The strict CSP and sandbox make sure that even a file
 * that is not what it claims could never run as a page of this site.
 */
export function mediaFilesHandler(uploadsDir: string) {
  const serve = express.static(uploadsDir, {
    dotfiles: "deny",
    index: false,
    redirect: false,
    fallthrough: true,
    immutable: true,
    maxAge: "365d",
    setHeaders(res) {
      res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const notFound = () => void res.status(404).type("text/plain").send("No such image");
    if (!SERVABLE.test(req.path) || req.path.includes("..")) return notFound();
    serve(req, res, (error?: unknown) => (error ? next(error) : notFound()));
  };
}
