import { KeyRound } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AUTH_LINK, AuthCard, AuthEmailField, AuthNotice } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { withActionRetryAfter } from "~/lib/route-headers";
import { RESET_REQUESTED, requestPasswordReset, tooManyFromClient } from "~/server/auth/password-mail.server";
import { afterAnswerContext, requestInfoContext, servicesContext } from "~/server/context";
import type { Route } from "./+types/forgot-password";
import { LoginSchema } from "./login.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = withActionRetryAfter;

export function loader() {
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

/** "Forgot password?": the same answer for any address; a staff account's address gets a reset link. */
export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const { clientIp } = args.context.get(requestInfoContext);
  const form = await args.request.formData().catch(() => new FormData());
  const email = LoginSchema.shape.email.safeParse(form.get("email") ?? "");
  if (!email.success) return data({ error: email.error.issues[0].message, notice: null }, { status: 400 });
  const result = await requestPasswordReset(services, { email: email.data, ip: clientIp });
  if (!result.sent) {
    const wait = result.retryAfterSeconds;
    return data(
      { error: tooManyFromClient(wait), notice: null },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  // The link is made and mailed after the answer: its time must not tell who has an account.
  args.context.get(afterAnswerContext)(result.mailLink);
  return data({ error: null, notice: RESET_REQUESTED });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot password"
      intro="Enter the e-mail address you sign in with. We will e-mail you a link to choose a new password."
      footer={
        <Link to="/admin/login" className={AUTH_LINK}>
          Back to sign in
        </Link>
      }
    >
      {actionData?.error ? <AuthNotice tone="error">{actionData.error}</AuthNotice> : null}
      {actionData?.notice ? <AuthNotice tone="info">{actionData.notice}</AuthNotice> : null}
      <Form method="post" className="flex flex-col gap-5">
        <AuthEmailField />
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
