import { LockKeyhole } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AUTH_LINK, AuthCard, AuthEmailField, AuthNotice } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requestInfoContext, servicesContext } from "~/server/context";
import { getStaff, isSecure, safeAdminRedirect } from "~/server/auth/guard.server";
import { sessionCookie } from "~/server/auth/session.server";
import { flashCookie, readFlash, clearFlashCookie } from "~/server/http/flash.server";
import { AdminToaster, useFlashToast } from "~/components/admin/toaster";
import type { Route } from "./+types/login";
import { attemptLogin, LoginSchema } from "./login.server";
import { withActionRetryAfter } from "~/lib/route-headers";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Admin login" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = withActionRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const user = await getStaff(args);
  const redirectTo = new URL(args.request.url).searchParams.get("redirectTo");
  if (user?.role && (!user.needsSecondFactor || user.aal === "aal2")) throw redirect(safeAdminRedirect(redirectTo));
  if (user?.role && user.needsSecondFactor) throw redirect("/admin/login/verify");
  const flash = readFlash(args.request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (flash) headers.append("Set-Cookie", clearFlashCookie(isSecure(args)));
  return data({ flash, redirectTo }, { headers });
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const { clientIp } = args.context.get(requestInfoContext);
  // A body that is not a form (wrong content type) reads as an empty form: a 4xx, not a 500.
  const form = await args.request.formData().catch(() => new FormData());
  const parsed = LoginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Email and password are required" }, { status: 400 });
  }
  const result = await attemptLogin(services, {
    ...parsed.data,
    ip: clientIp,
    userAgent: args.request.headers.get("user-agent"),
  });
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data({ error: result.message }, { status: result.status, headers });
  }
  const secure = isSecure(args);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.token, { secure }));
  if (result.needsSecondFactor) {
    const next = form.get("redirectTo");
    return redirect(
      `/admin/login/verify${typeof next === "string" && next ? `?redirectTo=${encodeURIComponent(next)}` : ""}`,
      {
        headers,
      },
    );
  }
  headers.append(
    "Set-Cookie",
    flashCookie({ title: "Welcome back!", description: "Successfully logged in to admin panel" }, secure),
  );
  return redirect(safeAdminRedirect(form.get("redirectTo")), { headers });
}

/**
 * Tells the admin's other tabs to leave once this tab has landed here: announcing before the
 * redirect would let another tab's page load take this tab's one-time 'Logged out' toast.
 */
function useAnnounceSignOut(signedOut: boolean) {
  useEffect(() => {
    if (!signedOut || !("BroadcastChannel" in window)) return;
    const channel = new BroadcastChannel("admin-session");
    channel.postMessage("signed-out");
    channel.close();
  }, [signedOut]);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // A refusal (access removed) stays on the page as an alert; good news comes as a toast.
  const refusal = loaderData.flash?.variant === "destructive" ? loaderData.flash : null;
  useFlashToast(refusal ? null : loaderData.flash);
  useAnnounceSignOut(loaderData.flash?.title === "Logged out");
  const alert = actionData?.error ?? (refusal ? `${refusal.title}. ${refusal.description ?? ""}`.trim() : null);
  return (
    <AuthCard
      icon={LockKeyhole}
      title="Admin Login"
      intro="Only authorised administrators may enter. Sign in with your staff account."
      before={<AdminToaster />}
      footer={
        <a href="/" className={AUTH_LINK}>
          Back to the website
        </a>
      }
    >
      {alert ? <AuthNotice tone="error">{alert}</AuthNotice> : null}
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <fieldset disabled={busy} className="flex flex-col gap-5">
          <AuthEmailField />
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-4">
              <Label htmlFor="password">Password</Label>
              <a
                href="/admin/login/forgot"
                className="text-xs text-muted-foreground underline underline-offset-4 hover:text-foreground"
              >
                Forgot password?
              </a>
            </div>
            <Input id="password" name="password" type="password" autoComplete="current-password" required />
          </div>
        </fieldset>
        <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
