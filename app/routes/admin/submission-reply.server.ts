import { data, redirect, type RouterContextProvider } from "react-router";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { replySchema, type ReplyFormReply } from "~/lib/submissions";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";
import { sendSubmissionReply } from "~/server/submissions/reply.server";
import { parseSubmissionId } from "~/server/submissions/submissions.server";

export const REPLY_REFUSALS = {
  "not-found": "This submission no longer exists.",
  "no-email": "This submission has no e-mail address to reply to.",
  spam: "This submission is marked as spam. Restore it before you reply.",
} as const;

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

/**
 * The reply form of a submission's page (admins and editors: both work the inbox). Field errors
 * re-render the page with the text kept; a sent reply redirects to the page (Post/Redirect/Get)
 * with a toast.
 */
export async function replyAction(args: Args, form: FormData) {
  const user = await requireStaff(args);
  const { db, content, outbox, logger } = args.context.get(servicesContext);
  const body = form.get("body");
  const fail = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
    data<ReplyFormReply>(
      { ok: false, intent: "reply", message, fieldErrors, body: typeof body === "string" ? body : "" },
      { status },
    );
  const id = parseSubmissionId(args.params.id);
  if (!id) return fail(404, REPLY_REFUSALS["not-found"]);
  const parsed = replySchema.safeParse({ body: typeof body === "string" ? body : undefined });
  if (!parsed.success) return fail(400, "Your reply was not sent.", fieldErrorsOf(parsed.error));
  const [contact, { timeZone }] = await Promise.all([content.getPage("contact"), content.getSettings()]);
  const result = await sendSubmissionReply(db, {
    submissionId: id,
    body: parsed.data.body,
    actor: { userId: user.userId, email: user.email },
    business: contact,
    timeZone,
  });
  if (!result.ok) return fail(result.reason === "not-found" ? 404 : 409, REPLY_REFUSALS[result.reason]);
  outbox.kick();
  logger.info({ submissionId: id, mailId: result.mailId }, "submission reply queued");
  return redirect(`/admin/submissions/${id}`, {
    headers: {
      "Set-Cookie": flashCookie({ title: "Success", description: "Your reply is on its way." }, isSecure(args)),
    },
  });
}
