import { AvailabilityQueryError, dayAvailability } from "~/server/booking/day-availability.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import { RateLimiter } from "~/server/forms/rate-limit.server";
import type { Route } from "./+types/api.availability";

let lookups: RateLimiter | undefined;

/**
 * GET /api/availability?service=hair&date=YYYY-MM-DD[&option=NAME][&staff=ID]: the free start
 * times of that day, each with the ids of the staff free then. Always live: never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // A visitor looks at many days per booking: ten times the form limit, per address.
  lookups ??= new RateLimiter(services.env.FORM_RATE_LIMIT * 10, 60_000);
  const limit = lookups.hit(context.get(requestInfoContext).clientIp);
  const headers = { "Cache-Control": "no-store" };
  if (!limit.allowed) {
    return Response.json(
      { error: "Too many requests. Please wait a moment and try again." },
      { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const params = new URL(request.url).searchParams;
  const staffParam = params.get("staff");
  const staffId = staffParam && staffParam !== "any" ? Number(staffParam) : null;
  if (staffId !== null && !(Number.isInteger(staffId) && staffId > 0)) {
    return Response.json({ error: "Unknown staff member." }, { status: 400, headers });
  }
  try {
    const { service: _service, ...answer } = await dayAvailability(services.db, services.content, {
      service: params.get("service") ?? "",
      date: params.get("date") ?? "",
      option: params.get("option") ?? undefined,
      staffId,
    });
    return Response.json(answer, { headers });
  } catch (error) {
    if (error instanceof AvailabilityQueryError)
      return Response.json({ error: error.message }, { status: 400, headers });
    throw error;
  }
}
