import { ShieldCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AUTH_LINK, AuthCard, AuthNotice } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requestInfoContext, servicesContext } from "~/server/context";
import { audit } from "~/server/audit/audit.server";
import { getStaff, isSecure, safeAdminRedirect } from "~/server/auth/guard.server";
import { recordFailedSignIn, recordSignIn } from "~/server/auth/sign-in-history.server";
import { codeGuess, refundGuess, reserveGuess } from "~/server/auth/throttle.server";
import { acceptSecondFactor, recoveryCodesLeft } from "~/server/auth/recovery-codes.server";
import { upgradeSessionToAal2 } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";
import type { Route } from "./+types/verify";
import { throttledMessage } from "./login.server";
import { withActionRetryAfter } from "~/lib/route-headers";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor verification" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The second step of sign-in for a user with an authenticator app (assurance level aal2). */
async function pendingUser(args: Route.LoaderArgs | Route.ActionArgs) {
  const user = await getStaff(args);
  if (!user?.role) throw redirect("/admin/login");
  if (!user.needsSecondFactor || user.aal === "aal2") throw redirect("/admin/dashboard");
  return user;
}

export const headers = withActionRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  await pendingUser(args);
  const redirectTo = new URL(args.request.url).searchParams.get("redirectTo");
  return data({ redirectTo }, { headers: { "Cache-Control": "no-store" } });
}

export async function action(args: Route.ActionArgs) {
  const user = await pendingUser(args);
  const { db, logger } = args.context.get(servicesContext);
  // A body that is not a form (wrong content type) reads as an empty form: a 4xx, not a 500.
  const form = await args.request.formData().catch(() => new FormData());
  const { clientIp } = args.context.get(requestInfoContext);
  const guess = codeGuess(user.userId, clientIp);
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) {
    const wait = reservation.retryAfterSeconds;
    return data({ error: throttledMessage(wait) }, { status: 429, headers: { "Retry-After": String(wait) } });
  }
  const code = String(form.get("code") ?? "");
  const accepted = await acceptSecondFactor(db, user.userId, code);
  if (!accepted) {
    logger.warn({ email: user.email, ip: clientIp }, "two-factor code refused");
    // A wrong code after the right password: the owner should know someone may have it.
    const userAgent = args.request.headers.get("user-agent");
    await recordFailedSignIn(db, { userId: user.userId, step: "code", ip: clientIp, userAgent });
    return data(
      {
        error:
          "That code is not valid. Enter the current 6-digit code from your authenticator app, or an unused recovery code.",
      },
      { status: 400 },
    );
  }
  await refundGuess(db, guess, reservation);
  await upgradeSessionToAal2(db, user.sessionId);
  await recordSignIn(db, user.userId);
  if (accepted === "recovery") {
    const left = await recoveryCodesLeft(db, user.userId);
    await audit(
      db,
      { userId: user.userId, email: user.email },
      `signed in with a recovery code (${left} left)`,
      "My account",
    );
  } else {
    await audit(db, { userId: user.userId, email: user.email }, "passed two-factor verification");
  }
  return redirect(safeAdminRedirect(form.get("redirectTo")), {
    headers: {
      "Set-Cookie": flashCookie(
        { title: "Welcome back!", description: "Successfully logged in to admin panel" },
        isSecure(args),
      ),
    },
  });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthCard
      icon={ShieldCheck}
      title="Two-factor verification"
      intro="Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes."
      footer={
        <Form method="post" action="/admin/logout">
          <input type="hidden" name="scope" value="local" />
          <button type="submit" className={AUTH_LINK}>
            Cancel and sign out
          </button>
        </Form>
      }
    >
      {actionData?.error ? <AuthNotice tone="error">{actionData.error}</AuthNotice> : null}
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="code">Authentication code</Label>
          <Input
            id="code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            required
            autoFocus
            disabled={busy}
            className="text-center text-lg tracking-[0.4em]"
          />
        </div>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
