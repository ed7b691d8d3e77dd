/**
 * A route's `headers` export for pages whose action can refuse with 429: the headers the page has
 * anyway (its layout's and its loader's) plus the action's Retry-After, which React Router would
 * otherwise leave off a document response.
 */
export function withActionRetryAfter({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  loaderHeaders.forEach((value, name) => {
    if (name !== "set-cookie") headers.set(name, value);
  });
  return loaderHeadersWithRetryAfter({ loaderHeaders: headers, actionHeaders });
}

/**
 * The `headers` export of a public page whose action can refuse with 429: the loader's headers
 * (the page's caching) plus the action's Retry-After.
 */
export function loaderHeadersWithRetryAfter({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  if (!retryAfter) return loaderHeaders;
  const headers = new Headers(loaderHeaders);
  headers.set("Retry-After", retryAfter);
  return headers;
}
