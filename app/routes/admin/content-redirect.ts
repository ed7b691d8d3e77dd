import { redirect } from "react-router";
import { requireStaff } from "~/server/auth/guard.server";
import type { Route } from "./+types/content-redirect";

/** /admin/content, the older name of the pages list: one screen, one address (/admin/pages). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return redirect(`/admin/pages${new URL(args.request.url).search}`, 301);
}
