import { Check } from "lucide-react";
import { ErrorList } from "~/components/forms";
import { schemaMaxLength } from "~/lib/forms/field-rules";
import { emailField } from "~/lib/forms/fields";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { cn } from "~/lib/utils";
import {
  isSubscribeErrorCode,
  pathWithoutFlags,
  SUBSCRIBE_ERROR_PARAM,
  SUBSCRIBE_ERRORS,
  SUBSCRIBED_DESCRIPTION,
  SUBSCRIBED_MESSAGE,
  SUBSCRIBED_PARAM,
} from "./newsletter-status";

const EMAIL_ID = "newsletter-email";
const ERROR_ID = "newsletter-email-error";

/**
 * The footer's e-mail subscribe box, a real form posting to /subscribe (stored as a Newsletter submission).
 * Without JavaScript the server redirects back to this page with a status flag and the message
 * shows here in place. With JavaScript the public-form enhancement (app/enhance/forms.ts) posts
 * it as JSON, shows the toast, clears the field, and puts a field error in the error slot.
 */
export function NewsletterForm({ pathname, search }: { pathname: string; search: string }) {
  const params = new URLSearchParams(search);
  const code = params.get(SUBSCRIBE_ERROR_PARAM);
  const error = isSubscribeErrorCode(code) ? SUBSCRIBE_ERRORS[code] : null;
  const subscribed = !error && params.get(SUBSCRIBED_PARAM) === "1";
  const fieldError = error?.field ? error.message : undefined;
  const formError = error && !error.field ? error.message : undefined;

  return (
    <form
      method="post"
      action="/subscribe"
      data-enhance="public-form"
      data-json-action="/subscribe"
      data-success-title={SUBSCRIBED_MESSAGE}
      data-success-description={SUBSCRIBED_DESCRIPTION}
      data-error-title="We couldn't subscribe you"
      data-error-description="Please try again in a moment."
      aria-label="Subscribe to our e-mail list"
      className="w-full"
    >
      <input type="hidden" name="redirectTo" value={pathWithoutFlags(pathname, search)} />
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`newsletter-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`newsletter-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <label htmlFor={EMAIL_ID} className="eyebrow mb-3 block text-band-muted">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-0">
        <input
          id={EMAIL_ID}
          type="email"
          name="email"
          required
          maxLength={schemaMaxLength(emailField)}
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={ERROR_ID}
          className={cn(
            "h-12 w-full min-w-0 rounded-none border border-band-border bg-band-foreground/5 px-4 text-base text-band-foreground sm:text-sm",
            "transition-colors placeholder:text-band-muted/70 hover:border-band-foreground/40",
            "focus-visible:border-band-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-band-accent",
            "aria-invalid:border-band-danger",
          )}
        />
        <button
          type="submit"
          data-pending-text="Subscribing…"
          className={cn(
            "inline-flex h-12 shrink-0 items-center justify-center bg-band-accent px-7 text-xs font-medium tracking-[0.18em] text-band uppercase",
            "transition-colors hover:bg-band-foreground disabled:opacity-70",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-band-accent",
          )}
        >
          Subscribe
        </button>
      </div>
      <ErrorList id={ERROR_ID} name="email" errors={fieldError ? [fieldError] : []} className="mt-2 text-band-danger" />
      {(subscribed || formError) && (
        <p role="status" data-form-status className="mt-3 text-sm">
          {subscribed ? (
            <span className="inline-flex items-center gap-2 text-band-foreground">
              <Check aria-hidden className="size-4 text-band-accent" />
              {SUBSCRIBED_MESSAGE} {SUBSCRIBED_DESCRIPTION}
            </span>
          ) : (
            <span className="text-band-danger">{formError}</span>
          )}
        </p>
      )}
    </form>
  );
}
