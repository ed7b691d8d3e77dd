import { data, redirect } from "react-router";
import { servicesContext } from "~/server/context";
import { isTheme, themeCookie } from "~/lib/theme";
import type { Route } from "./+types/theme";

/** Remembers the visitor's theme in a cookie so the server renders it, without a flash. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ error: "Unknown theme" }, { status: 400 });
  const { env } = context.get(servicesContext);
  const headers = { "Set-Cookie": themeCookie(theme, env.isProduction) };
  const back = String(form.get("redirectTo") ?? "/");
  // Only a path on this site: never an open redirect.
  const safe = back.startsWith("/") && !back.startsWith("//") ? back : "/";
  if (request.headers.get("accept")?.includes("application/json")) return data({ theme }, { headers });
  return redirect(safe, { headers });
}

export function loader() {
  return redirect("/");
}
