import { redirect } from "react-router";
import type { ActionReply } from "~/lib/forms/action-reply";
import type { FieldErrors } from "~/lib/forms/field-errors";
import {
  NEWSLETTER_ANCHOR,
  pathWithoutFlags,
  SUBSCRIBE_ERROR_PARAM,
  SUBSCRIBED_PARAM,
  type SubscribeErrorCode,
} from "~/components/site/newsletter-status";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { requestInfoContext, servicesContext } from "~/server/context";
import { submitForm, utmFrom } from "~/server/forms/submit-form.server";
import type { Route } from "./+types/subscribe";

/** The JSON answer, in the shape of the public forms' replies that app/enhance/forms.ts reads. */
export type SubscribeReply = ActionReply &
  ({ ok: true } | { ok: false; message: string; error: string; fieldErrors: FieldErrors });

/**
 * POST /subscribe: the footer's newsletter box (docs/product.md, Newsletter), stored as a Newsletter
 * submission. The enhancement script asks for JSON (Accept: application/json) and gets
 * { ok } or the error with field errors and status 400/429. A plain form post (no JavaScript) is
 * redirected back to the page it came from with a status flag; the footer shows it in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  // A body that is not a form (wrong content type) reads as an empty form: a 4xx, not a 500.
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const email = text("email");
  const back = localPath(text("redirectTo"), request.url);

  const result = await submitForm(
    services.forms,
    { formType: "Newsletter", email },
    {
      clientIp,
      userAgent: request.headers.get("user-agent"),
      pagePath: back.pathname,
      referrer: request.headers.get("referer"),
      utm: utmFrom(back.searchParams),
      honeypot: text(HONEYPOT_FIELD) || null,
    },
  );

  if (request.headers.get("accept")?.includes("application/json")) {
    const reply = (body: SubscribeReply, init?: ResponseInit) => Response.json(body, init);
    if (result.ok) return reply({ ok: true });
    if (result.status === 429) {
      return reply(
        { ok: false, message: result.error, error: result.error, fieldErrors: {} },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    const { error, fieldErrors } = result;
    return reply({ ok: false, message: error, error, fieldErrors }, { status: 400 });
  }

  const target = new URL(pathWithoutFlags(back.pathname, back.search), back);
  if (result.ok) {
    target.searchParams.set(SUBSCRIBED_PARAM, "1");
  } else {
    const code: SubscribeErrorCode =
      result.status === 429 ? "rate_limited" : email.trim() ? "email_invalid" : "email_required";
    target.searchParams.set(SUBSCRIBE_ERROR_PARAM, code);
  }
  target.hash = NEWSLETTER_ANCHOR;
  return redirect(target.pathname + target.search + target.hash, { status: 303 });
}

/** GET /subscribe has nothing to show: send the visitor to the newsletter box on the home page. */
export function loader() {
  return redirect(`/#${NEWSLETTER_ANCHOR}`);
}

/** The form's redirectTo as a URL on this site; anything else (another host, "//x") means home. */
function localPath(value: string, requestUrl: string): URL {
  const origin = new URL(requestUrl).origin;
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    try {
      const url = new URL(value, origin);
      if (url.origin === origin) return url;
    } catch {
      // fall through to home
    }
  }
  return new URL("/", origin);
}
