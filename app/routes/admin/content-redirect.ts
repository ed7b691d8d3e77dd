import { redirect } from "react-router";
import type { Route } from "./+types/content-redirect";

/** /admin/content, the older name of the pages list: one screen, one address (/admin/pages). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/admin/pages${new URL(request.url).search}`, 301);
}
