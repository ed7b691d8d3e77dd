import { data, redirect, type RouterContextProvider } from "react-router";
import { inboxSearch, parseInboxQuery, type InboxActionReply } from "~/lib/submissions";
import { isSecure, requireStaff } from "../auth/guard.server";
import { servicesContext } from "../context";
import { flashCookie } from "../http/flash.server";
import {
  changeStatus,
  deleteSubmission,
  isStatusAction,
  parseSubmissionId,
  STATUS_ACTIONS,
  type StatusAction,
} from "./submissions.server";
import { readForm } from "../http/read-form.server";

export const ACTION_MESSAGES: Record<StatusAction | "delete", string> = {
  "mark-unread": "Marked as unread",
  "mark-read": "Marked as read",
  archive: "Submission archived",
  unarchive: "Moved back to the inbox",
  spam: "Marked as spam",
  restore: "Restored to the inbox",
  delete: "Submission deleted",
};

export const UPDATE_FAILED = "Failed to update submission";
export const DELETE_FAILED = "Failed to delete submission";
const GONE = "This submission no longer exists.";
const STALE = "This submission was changed meanwhile. The page now shows its current state.";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

/** Where to go after a delete: the list as the person left it (a query string we re-parse). */
function listUrl(back: FormDataEntryValue | null): string {
  const search = typeof back === "string" && back.startsWith("?") ? back : "";
  return `/admin/submissions${inboxSearch(parseInboxQuery(new URLSearchParams(search)))}`;
}

/**
 * Every inbox action (list and detail): validate the intent and id, check the role (delete, spam
 * and restore are for admins: an editor gets 403), change the row, answer or redirect.
 */
export async function handleInboxAction(args: Args) {
  const user = await requireStaff(args);
  const { db, logger } = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const id = parseSubmissionId(args.params.id ?? String(form.get("id") ?? ""));
  const reply = (status: number, ok: boolean, message: string) =>
    data<InboxActionReply>({ ok, intent, message, id: id ?? undefined }, { status });

  if (intent !== "delete" && !isStatusAction(intent)) return reply(400, false, "Unknown action.");
  if (intent === "delete" || STATUS_ACTIONS[intent].adminOnly) await requireStaff(args, { role: "admin" });
  if (!id) return reply(404, false, GONE);
  const actor = { userId: user.userId, email: user.email };

  if (intent === "delete") {
    try {
      const deleted = await deleteSubmission(db, id, actor);
      if (!deleted) return reply(404, false, GONE);
    } catch (error) {
      logger.error({ err: String(error), id }, "submission delete failed");
      return reply(500, false, DELETE_FAILED);
    }
    return redirect(listUrl(form.get("back")), {
      headers: { "Set-Cookie": flashCookie({ title: "Success", description: ACTION_MESSAGES.delete }, isSecure(args)) },
    });
  }

  try {
    const result = await changeStatus(db, id, intent, actor);
    if (!result.ok)
      return reply(result.reason === "not-found" ? 404 : 409, false, result.reason === "not-found" ? GONE : STALE);
  } catch (error) {
    logger.error({ err: String(error), id, intent }, "submission status change failed");
    return reply(500, false, UPDATE_FAILED);
  }
  // From the detail view, an action that makes the row new again goes back to the list: staying
  // would open (and so re-read) it at once.
  if (form.get("then") === "list") {
    return redirect(listUrl(form.get("back")), {
      headers: {
        "Set-Cookie": flashCookie({ title: "Success", description: ACTION_MESSAGES[intent] }, isSecure(args)),
      },
    });
  }
  return reply(200, true, ACTION_MESSAGES[intent]);
}
