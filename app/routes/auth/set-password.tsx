import { KeyRound } from "lucide-react";
import { createContext, data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { AdminField } from "~/components/admin/fields";
import { AuthCard, AuthNotice } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { withActionRetryAfter } from "~/lib/route-headers";
import { isSecure } from "~/server/auth/guard.server";
import { checkPasswordLink, linkRefusalMessage } from "~/server/auth/password-links.server";
import { tooManyFromClient } from "~/server/auth/password-mail.server";
import { sessionCookie } from "~/server/auth/session.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";
import type { Route } from "./+types/set-password";
import { openLinkWithinLimit, setPasswordFromLink } from "./set-password.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Choose your password | Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export const headers = withActionRetryAfter;

/**
 * What the action did with the link, for the loader React Router runs after it in the same request
 * (to render the page): counted it against the client's limit of links that open nothing, so the
 * loader does not count it twice, or refused the client, so the loader does not look it up.
 */
const linkCountedByAction = createContext<"counted" | { retryAfterSeconds: number } | null>(null);

/**
 * The page an invitation or reset e-mail links to: the link is checked, nothing is changed yet.
 * A client that opens too many links that match nothing is told to wait (429).
 */
export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(servicesContext);
  const { clientIp } = args.context.get(requestInfoContext);
  const check = () => checkPasswordLink(services.db, args.params.token);
  const byAction = args.context.get(linkCountedByAction);
  const opened =
    byAction === "counted"
      ? { check: await check() }
      : byAction
        ? { limited: byAction.retryAfterSeconds }
        : await openLinkWithinLimit(services, clientIp, check);
  if ("limited" in opened) {
    return data(
      { email: null, purpose: null, refusal: tooManyFromClient(opened.limited) },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(opened.limited) } },
    );
  }
  const link = opened.check;
  if (!link.ok) {
    return data(
      { email: null, purpose: link.purpose ?? null, refusal: linkRefusalMessage(link.reason, link.purpose) },
      { status: link.reason === "invalid" ? 404 : 410, headers: NO_STORE },
    );
  }
  return data({ email: link.email, purpose: link.purpose, refusal: null }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const { clientIp } = args.context.get(requestInfoContext);
  const form = await args.request.formData().catch(() => new FormData());
  const result = await setPasswordFromLink(services, {
    token: args.params.token,
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
    ip: clientIp,
    userAgent: args.request.headers.get("user-agent"),
  });
  if (!result.ok) {
    // Field errors (400) come before the link is looked up: the loader counts that request.
    if (result.status !== 400) args.context.set(linkCountedByAction, result.status === 429 ? result : "counted");
    return data(
      {
        message: result.message,
        fieldErrors: "fieldErrors" in result ? (result.fieldErrors ?? {}) : {},
        linkRefused: result.status !== 400,
      },
      {
        status: result.status,
        headers: "retryAfterSeconds" in result ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  const secure = isSecure(args);
  const headers = new Headers();
  if (!result.token) {
    headers.append(
      "Set-Cookie",
      flashCookie({ title: "Password set", description: "Sign in with your new password." }, secure),
    );
    return redirect("/admin/login", { headers });
  }
  headers.append("Set-Cookie", sessionCookie(result.token, { secure }));
  if (result.needsSecondFactor) return redirect("/admin/login/verify", { headers });
  headers.append("Set-Cookie", flashCookie({ title: "Password set", description: "You are signed in." }, secure));
  return redirect("/admin/dashboard", { headers });
}

/** After a post that refused the link, the page shows the refusal without asking the loader again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { linkRefused?: boolean } | undefined)?.linkRefused ? false : defaultShouldRevalidate;

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refusal = loaderData.refusal ?? (actionData?.linkRefused ? actionData.message : null);
  const title = loaderData.purpose === "invite" ? "Welcome" : "Choose a new password";
  if (refusal || !loaderData.email) {
    return (
      <AuthCard
        icon={KeyRound}
        title="This link does not work"
        intro="Links in our e-mails work once, for a limited time."
      >
        <AuthNotice tone="error">{refusal}</AuthNotice>
        <p className="text-center text-sm">
          <Link to="/admin/login" className="underline underline-offset-4">
            Go to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      icon={KeyRound}
      title={title}
      intro={
        <>
          Choose a password for <strong className="text-foreground">{loaderData.email}</strong>: at least 10 characters.
        </>
      }
    >
      {actionData?.message ? <AuthNotice tone="error">{actionData.message}</AuthNotice> : null}
      <Form method="post" className="flex flex-col gap-5">
        {/* Tells a password manager whose password this is, so it saves it under the right account. */}
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <fieldset disabled={busy} className="flex flex-col gap-5">
          <AdminField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            autoFocus
            errors={errors.password}
          />
          <AdminField
            name="confirm"
            label="Repeat the password"
            type="password"
            autoComplete="new-password"
            required
            errors={errors.confirm}
          />
        </fieldset>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? "Saving..." : "Set password and sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
