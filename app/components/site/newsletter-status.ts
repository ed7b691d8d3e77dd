/**
 * How the newsletter form reports back without JavaScript: /subscribe redirects to the page the
 * form was on with one of these query flags, and the footer renders the message in place. Codes,
 * not messages, travel in the URL, so nobody can put their own words on our page.
 */
export const SUBSCRIBED_PARAM = "subscribed";
export const SUBSCRIBE_ERROR_PARAM = "subscribe_error";
export const NEWSLETTER_ANCHOR = "newsletter";

export const SUBSCRIBE_ERRORS = {
  email_required: { field: true, message: "Email is required" },
  email_invalid: { field: true, message: "Enter a valid email address" },
  rate_limited: {
    field: false,
    message: "Too many attempts from your connection. Please wait a minute and try again.",
  },
} as const;
export type SubscribeErrorCode = keyof typeof SUBSCRIBE_ERRORS;

export const SUBSCRIBED_MESSAGE = "Thanks for subscribing!";
export const SUBSCRIBED_DESCRIPTION = "You're on the list: watch your inbox for news and offers.";

export function isSubscribeErrorCode(value: string | null): value is SubscribeErrorCode {
  return !!value && Object.hasOwn(SUBSCRIBE_ERRORS, value);
}

/** The page's own path and query without the newsletter flags: where /subscribe sends a no-JS visitor back. */
export function pathWithoutFlags(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SUBSCRIBED_PARAM);
  params.delete(SUBSCRIBE_ERROR_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
