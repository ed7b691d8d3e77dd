import { redirect } from "react-router";
import { servicesContext } from "~/server/context";
import { audit } from "~/server/audit/audit.server";
import { getStaff, isSecure } from "~/server/auth/guard.server";
import { clearSessionCookie, signOut, type SignOutScope } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";
import type { Route } from "./+types/logout";

const SCOPES: SignOutScope[] = ["global", "others", "local"];

/**
 * POST /admin/logout: scope "global" (default) ends every session of the user, "local" only this
 * one; both go to /admin/login with the 'Logged out' toast. ("others" lives in Settings.)
 */
export async function action(args: Route.ActionArgs) {
  const { db } = args.context.get(servicesContext);
  // A body that is not a form (wrong content type) reads as an empty form: a 4xx, not a 500.
  const form = await args.request.formData().catch(() => new FormData());
  const requested = String(form.get("scope") ?? "global") as SignOutScope;
  const scope = SCOPES.includes(requested) && requested !== "others" ? requested : "global";
  const user = await getStaff(args);
  if (user) {
    await signOut(db, user, scope);
    await audit(
      db,
      { userId: user.userId, email: user.email },
      scope === "global" ? "signed out everywhere" : "signed out",
    );
  }
  const secure = isSecure(args);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie({ secure }));
  headers.append(
    "Set-Cookie",
    flashCookie({ title: "Logged out", description: "You have been successfully logged out" }, secure),
  );
  return redirect("/admin/login", { headers });
}

export function loader() {
  return redirect("/admin/login");
}
