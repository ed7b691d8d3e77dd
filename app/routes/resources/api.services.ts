import { bookableServices } from "~/server/booking/engine/catalog.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/api.services";

/** GET /api/services: what can be booked, each option with its length and price. */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const services = await bookableServices(content);
  return Response.json(
    services.map((s) => ({ id: s.id, title: s.title, options: s.options })),
    { headers: { "Cache-Control": "no-store" } },
  );
}
