import { getStaff } from "~/server/auth/guard.server";
import type { Route } from "./+types/session-check";

/**
 * GET /admin/session: 200 while this browser's session is valid, 401 otherwise. Admin tabs ask
 * when they regain focus, so a sign-out in another tab (or another device) sends them to login.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await getStaff(args);
  const ok = !!user?.role && (!user.needsSecondFactor || user.aal === "aal2");
  return Response.json({ ok }, { status: ok ? 200 : 401, headers: { "Cache-Control": "no-store" } });
}
