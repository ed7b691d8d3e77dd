import { requestInfoContext, servicesContext } from "~/server/context";
import { submitForm, utmFrom } from "~/server/forms/submit-form.server";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { Route } from "./+types/api.submit-form";

/**
 * POST /api/submit-form — the JSON form API of ARCHITECTURE.md: 200 {"id"} when stored,
 * 400 {"error","fieldErrors"} when invalid, 429 when the client sends too many.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405 });
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body must be JSON.", fieldErrors: {} }, { status: 400 });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return Response.json({ error: "The body must be a JSON object.", fieldErrors: {} }, { status: 400 });
  }
  const record = body as Record<string, unknown>;
  const result = await submitForm(services.forms, record, {
    clientIp,
    userAgent: request.headers.get("user-agent"),
    referrer: request.headers.get("referer"),
    pagePath: typeof record.pagePath === "string" ? record.pagePath : null,
    utm: utmFrom(typeof record.utm === "object" && record.utm ? (record.utm as Record<string, unknown>) : record),
    honeypot: typeof record[HONEYPOT_FIELD] === "string" ? (record[HONEYPOT_FIELD] as string) : null,
  });
  if (result.ok) return Response.json({ id: result.id });
  if (result.status === 429) {
    return Response.json(
      { error: result.error, fieldErrors: {} },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return Response.json({ error: result.error, fieldErrors: result.fieldErrors }, { status: 400 });
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
