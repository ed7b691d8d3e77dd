import type { NextFunction, Request, Response } from "express";
import type { DraftSubject } from "~/lib/content-rules";
import type { Db } from "../db/database.server";
import { getDraft } from "./drafts.server";
import { readPreviewToken } from "./preview-link.server";

/** What a valid preview link opens: the public page with one draft (a page's, or the slides') laid over what is published. */
export interface DraftPreview {
  page: DraftSubject;
  values: Record<string, string | null>;
}

const REFUSALS = {
  invalid: { status: 403, text: "This preview link is not valid." },
  expired: { status: 410, text: "This preview link has expired. Open the page's editor and choose Preview again." },
  gone: {
    status: 410,
    text: "This draft has been published or discarded. Open the page's editor to see the page as it is now.",
  },
} as const;

/**
 * A public GET with `?preview=…`: a valid link puts its draft in `res.locals.draftPreview` (the
 * router context then reads content through it) and marks the answer private and not indexed; any
 * other link is refused. The page cache never keeps or answers a `?preview=` address, so a preview
 * is never served to anyone else.
 */
export function draftPreviewMiddleware(deps: { db: Db; secret: () => string }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = req.method === "GET" && !req.path.startsWith("/admin") ? req.query.preview : undefined;
    if (token === undefined) return next();
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    const check =
      typeof token === "string" ? readPreviewToken(deps.secret(), token) : ({ ok: false, reason: "invalid" } as const);
    if (!check.ok) return refuse(res, check.reason);
    try {
      const draft = await getDraft(deps.db, check.page);
      if (!draft || draft.key !== check.draftKey) return refuse(res, "gone");
      res.locals.draftPreview = { page: check.page, values: draft.values } satisfies DraftPreview;
      next();
    } catch (error) {
      next(error);
    }
  };
}

function refuse(res: Response, reason: keyof typeof REFUSALS) {
  const { status, text } = REFUSALS[reason];
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Preview unavailable</title><p>${text}</p><p><a href="/">Go to the home page</a></p></html>`,
    );
}
