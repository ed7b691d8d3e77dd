import express, { type NextFunction, type Request, type Response } from "express";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { submitForm, utmFrom, type FormServiceDeps } from "./submit-form.server";

/**
 * POST /api/submit-form — the JSON form API of ARCHITECTURE.md: 200 {"id"} when stored,
 * 400 {"error","fieldErrors"} when invalid, 429 when the client sends too many.
 *
 * A plain Express handler rather than a React Router resource route: it renders nothing, and
 * skipping the router's Fetch Request/Response round trip is most of its cost under load (see
 * `npm run bench`). The page forms' actions and /api/forms/{name} use the same submitForm.
 */
export function submitFormApi(deps: FormServiceDeps, bodyLimitBytes: number) {
  // Whatever the Content-Type says, the body is read as text and must parse as JSON.
  const readBody = express.text({ type: () => true, limit: bodyLimitBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") {
      res.status(405).set("Allow", "POST").json({ error: "Use POST." });
      return;
    }
    readBody(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status ?? 400;
        res
          .status(status === 413 ? 413 : 400)
          .json({ error: status === 413 ? "The request is too large." : "The body must be JSON.", fieldErrors: {} });
        return;
      }
      answer(deps, req, res).catch(next);
    });
  };
}

async function answer(deps: FormServiceDeps, req: Request, res: Response) {
  let body: unknown;
  try {
    body = JSON.parse(typeof req.body === "string" ? req.body : "");
  } catch {
    res.status(400).json({ error: "The body must be JSON.", fieldErrors: {} });
    return;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    res.status(400).json({ error: "The body must be a JSON object.", fieldErrors: {} });
    return;
  }
  const record = body as Record<string, unknown>;
  const result = await submitForm(deps, record, {
    clientIp: req.ip ?? "unknown",
    userAgent: req.get("user-agent") ?? null,
    referrer: req.get("referer") ?? null,
    pagePath: typeof record.pagePath === "string" ? record.pagePath : null,
    utm: utmFrom(typeof record.utm === "object" && record.utm ? (record.utm as Record<string, unknown>) : record),
    honeypot: typeof record[HONEYPOT_FIELD] === "string" ? (record[HONEYPOT_FIELD] as string) : null,
  });
  if (result.ok) {
    res.json({ id: result.id });
  } else if (result.status === 429) {
    res.status(429).set("Retry-After", String(result.retryAfterSeconds)).json({ error: result.error, fieldErrors: {} });
  } else {
    res.status(400).json({ error: result.error, fieldErrors: result.fieldErrors });
  }
}
