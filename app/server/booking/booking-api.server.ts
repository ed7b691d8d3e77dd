import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { RouterContextProvider } from "react-router";
import { bookOnline, formLimitRefusal } from "~/server/booking/commands/book-online.server";
import type { AppServices } from "../app-services";
import { afterAnswerContext, requestInfoContext, servicesContext } from "../context";
import { readBody, refusedPost } from "../http/raw-request.server";
import { TOO_MANY_REQUESTS } from "../http/rate-limit.server";
import type { RequestTarget } from "../http/request-target.server";
import { jsonSender } from "../http/security-headers.server";

export const BOOKINGS_PATH = "/api/bookings";

interface Answer {
  status: number;
  body: unknown;
  /** Further headers, as writeHead takes them. */
  extra?: string[];
}

/**
 * POST /api/bookings (JSON): books a free time. 201 {"status","manageUrl"} (no id: ids would tell
 * anyone how many bookings the salon has); 400 with "error" (and "fieldErrors") when the request
 * or the time breaks a rule; 409 when someone else has the time or the client already holds their
 * cap of upcoming bookings; 415 when it is not JSON; 429 past the form rate limit or the bookings
 * per address a day; 403 cross-site, 411/413 without a length or too large; 405 for other methods.
 *
 * Like the form API it answers from Node's own request and response, before Express (server.ts
 * calls it first), with the same rules as that stack (strict headers, the same-origin check, the
 * body size limit): under the bench's load the middleware and the router cost about 2 ms of a core
 * per booking, a fifth of it. The booking itself is bookOnline, as the booking pages' forms book.
 *
 * Returns false for any other path, so the caller passes the request on.
 */
export function bookingApi(
  services: AppServices,
  options: {
    bodyLimitBytes: number;
    https: boolean;
    trustProxy: (address: string, hop: number) => boolean;
    allowedOrigins: () => string[];
  },
) {
  const send = jsonSender({ https: options.https });
  const sendAnswer = (res: ServerResponse, { status, body, extra }: Answer) => send(res, status, body, extra);

  return function answerBooking(req: IncomingMessage, res: ServerResponse, { path }: RequestTarget): boolean {
    if (path !== BOOKINGS_PATH && path !== `${BOOKINGS_PATH}/`) return false;
    if (refusedPost(req, res, send, options)) return true;
    readBody(req, options.bodyLimitBytes)
      .then(
        (text) => {
          if (text === null) return send(res, 413, { error: "The request is too large." });
          return answer(requestContext(services, req, res, options.trustProxy), req, text).then((reply) =>
            sendAnswer(res, reply),
          );
        },
        () => {
          // The client went away (or broke the stream) before the body was whole: nobody to answer.
          if (!res.headersSent) res.destroy();
        },
      )
      .catch((error: unknown) => {
        services.logger.error({ err: error instanceof Error ? error.stack : String(error) }, "booking failed");
        if (!res.headersSent) send(res, 500, { error: "Something went wrong on our side. Please try again." });
        else res.destroy();
      });
    return true;
  };
}

/** What bookOnline reads of a request, as the app's React Router context gives it to the pages' actions. */
function requestContext(
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: (address: string, hop: number) => boolean,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { nonce: "", clientIp: proxyAddr(req, trustProxy) || "unknown" });
  context.set(afterAnswerContext, (task) => res.once("close", () => void task()));
  return context;
}

async function answer(context: RouterContextProvider, req: IncomingMessage, text: string): Promise<Answer> {
  const limited = await formLimitRefusal(context);
  if (limited)
    return {
      status: 429,
      body: { error: TOO_MANY_REQUESTS },
      extra: ["Retry-After", String(limited.retryAfterSeconds)],
    };
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json"))
    return { status: 415, body: { error: "Send the booking as JSON." } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, body: { error: "The body is not valid JSON." } };
  }
  const result = await bookOnline(context, body);
  if (!result.ok) {
    const { message: error, fieldErrors, retryAfterSeconds } = result;
    return {
      status: result.status,
      body: fieldErrors ? { error, fieldErrors } : { error },
      extra: retryAfterSeconds === undefined ? [] : ["Retry-After", String(retryAfterSeconds)],
    };
  }
  const { booking, links } = result;
  return {
    status: 201,
    body: { status: booking.status, manageUrl: `${links.publicUrl}/appointment/${booking.manageToken}` },
  };
}
