import { data, redirect, type RouterContextProvider } from "react-router";
import type { Role } from "../db/schema";
import { servicesContext } from "../context";
import { flashCookie, type Flash } from "../http/flash.server";
import { clearSessionCookie, getSessionUser, signOut, tokenFromRequest, type SessionUser } from "./session.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export const ACCESS_REMOVED: Flash = {
  title: "Access removed",
  description: "Your account no longer has access to the admin. If this is a mistake, ask the salon's admin.",
  variant: "destructive",
};

export function isSecure(args: Args): boolean {
  return args.context.get(servicesContext).publicUrl.startsWith("https:");
}

/** The signed-in staff member, or null. Does not check the role. */
export async function getStaff(args: Args): Promise<SessionUser | null> {
  const { db } = args.context.get(servicesContext);
  return getSessionUser(db, tokenFromRequest(args.request));
}

/**
 * Every admin loader and action starts here: a session with role admin or editor that passed its
 * second factor when it has one. Anything else is signed out and sent to /admin/login. With
 * `role: "admin"`, an editor gets 403 (the screen exists, the right does not).
 */
export async function requireStaff(args: Args, options: { role?: Role } = {}): Promise<SessionUser> {
  const { db } = args.context.get(servicesContext);
  const user = await getSessionUser(db, tokenFromRequest(args.request));
  const secure = isSecure(args);
  if (!user || !user.role) {
    const headers = new Headers({ "Set-Cookie": clearSessionCookie({ secure }) });
    if (user) {
      // Signed in, but an admin took the role away meanwhile: say so on the login page.
      await signOut(db, user, "local");
      headers.append("Set-Cookie", flashCookie(ACCESS_REMOVED, secure));
    }
    throw redirect(loginPath(args.request), { headers });
  }
  if (user.needsSecondFactor && user.aal !== "aal2") throw redirect("/admin/login/verify");
  if (options.role && user.role !== options.role) {
    throw data({ error: "Only an admin can do this." }, { status: 403 });
  }
  return user;
}

/** /admin/login, remembering where the visitor was going (a local admin path only). */
function loginPath(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (request.method !== "GET" || !back.startsWith("/admin/") || back.startsWith("/admin/login")) return "/admin/login";
  return `/admin/login?redirectTo=${encodeURIComponent(back)}`;
}

export function safeAdminRedirect(value: unknown): string {
  return typeof value === "string" &&
    value.startsWith("/admin/") &&
    !value.startsWith("//") &&
    !value.startsWith("/admin/login")
    ? value
    : "/admin/dashboard";
}
