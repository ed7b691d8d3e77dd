import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestInfoContext, servicesContext } from "./server/context";
import { RenderBursts } from "./server/http/render-bursts.server";
import { contentSecurityPolicy } from "./server/http/security-headers.server";
import type { AppServices } from "./server/app-services";
import type { RouteHandle } from "./root";

export const streamTimeout = 5_000;

/**
 * Logs what went wrong on the server, but not a visitor's own mistakes: a 404/405 answer (a POST
 * to a page without a form, an unknown path) is an answer, not a fault, and aborted requests are
 * the visitor leaving.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(context as RouterContextProvider, error, new URL(request.url).pathname);
};

/** Through the JSON logger, like every other line the server prints. */
function logError(context: RouterContextProvider | undefined, error: unknown, path?: string) {
  const details = { path, err: error instanceof Error ? error.stack : String(error) };
  let logger: AppServices["logger"] | undefined;
  try {
    logger = context?.get(servicesContext).logger;
  } catch {
    // No services in this context (an error before they were set): stay JSON all the same.
  }
  if (logger) logger.error(details, "request failed while rendering");
  else console.error(JSON.stringify({ level: "error", msg: "request failed while rendering", ...details }));
}

/** Renders the document; the admin's scripts carry this request's CSP nonce. Bots get the complete HTML. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Only the admin (a React app) gets inline scripts and so a nonce; a public page is the same
  // bytes for every visitor, which lets the page cache keep it compressed.
  const hydrates = routerContext.staticHandlerContext.matches.some(
    (match) => (routerContext.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.hydrate,
  );
  const nonce = hydrates ? loadContext.get(requestInfoContext).nonce : undefined;
  if (!hydrates) {
    const https = loadContext.get(servicesContext).publicUrl.startsWith("https:");
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(null, { https }));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new RenderBursts();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(loadContext, error, new URL(request.url).pathname);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
