import { sql } from "kysely";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/healthz";

/** 200 {"ok":true} while the database answers; 503 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    await sql`select 1`.execute(db);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: String(error) }, "health check failed");
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
