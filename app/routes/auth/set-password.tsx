import { KeyRound } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminField } from "~/components/admin/fields";
import { AuthCard, AuthNotice } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { isSecure } from "~/server/auth/guard.server";
import { checkPasswordLink, linkRefusalMessage } from "~/server/auth/password-links.server";
import { sessionCookie } from "~/server/auth/session.server";
import { requestInfoContext, servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";
import type { Route } from "./+types/set-password";
import { setPasswordFromLink } from "./set-password.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Choose your password | Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The page an invitation or reset e-mail links to: the link is checked, nothing is changed yet. */
export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const link = await checkPasswordLink(db, args.params.token);
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
    return data(
      { message: result.message, fieldErrors: result.fieldErrors ?? {}, linkRefused: result.status !== 400 },
      { status: result.status },
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
