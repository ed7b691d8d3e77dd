import { TOO_MANY_REQUESTS } from "~/server/http/rate-limit.server";
import { bookOnline, formLimitRefusal } from "./api.bookings.server";
import type { Route } from "./+types/api.bookings";

const headers = { "Cache-Control": "no-store" };

/**
 * POST /api/bookings (JSON): books a free time. 201 {"status","manageUrl"} (no id: ids would tell
 * anyone how many bookings the salon has); 400 with "error" (and "fieldErrors") when the request
 * or the time breaks a rule; 409 when someone else has the time or the client already holds their
 * cap of upcoming bookings; 429 past the form rate limit or the bookings per address a day.
 * Same-origin and body-size rules are the server's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const limited = await formLimitRefusal(context);
  if (limited) {
    return Response.json(
      { error: TOO_MANY_REQUESTS },
      { status: 429, headers: { ...headers, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return Response.json({ error: "Send the booking as JSON." }, { status: 415, headers });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "The body is not valid JSON." }, { status: 400, headers });
  }
  const result = await bookOnline(context, body);
  if (!result.ok) {
    const { message: error, fieldErrors, retryAfterSeconds } = result;
    return Response.json(fieldErrors ? { error, fieldErrors } : { error }, {
      status: result.status,
      headers: retryAfterSeconds === undefined ? headers : { ...headers, "Retry-After": String(retryAfterSeconds) },
    });
  }
  const { booking, links } = result;
  return Response.json(
    { status: booking.status, manageUrl: `${links.publicUrl}/appointment/${booking.manageToken}` },
    { status: 201, headers },
  );
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...headers, Allow: "POST" } });
}
