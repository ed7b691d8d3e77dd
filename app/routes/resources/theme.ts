import { data, redirect } from "react-router";
import { servicesContext } from "~/server/context";
import { isTheme, themeCookie } from "~/lib/theme";
import type { Route } from "./+types/theme";

/** Remembers the visitor's theme in a cookie so the server renders it, without a flash. */
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (wrong content type) reads as an empty form: a 4xx, not a 500.
  const form = await request.formData().catch(() => new FormData());
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ error: "Unknown theme" }, { status: 400 });
  // Secure exactly when the site is served over https, like the session cookie (a Secure cookie
  // set over plain http is dropped by browsers).
  const { publicUrl } = context.get(servicesContext);
  const headers = { "Set-Cookie": themeCookie(theme, publicUrl.startsWith("https:")) };
  const back = String(form.get("redirectTo") ?? "/");
  // Only a path on this site: never an open redirect (browsers read "/\\host" and "/\t/host" as "//host").
  const safe = /^\/(?![/\\])/.test(back) && !/[\u0000-\u001f\u007f]/.test(back) ? back : "/";
  if (request.headers.get("accept")?.includes("application/json")) return data({ theme }, { headers });
  return redirect(safe, { headers });
}

export function loader() {
  return redirect("/");
}
