import { data, redirect, type RouterContextProvider } from "react-router";
import type { IntentReply } from "~/lib/forms/action-reply";
import { audit } from "~/server/audit/audit.server";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { CHECKLIST_META, tickChecklist } from "~/server/dashboard/checklist.server";
import { flashCookie } from "~/server/http/flash.server";
import { readForm } from "~/server/http/read-form.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const TICKS = {
  "prices-checked": {
    key: CHECKLIST_META.pricesChecked,
    message: "Prices marked as checked.",
    verb: "marked the prices checked",
  },
  "dismiss-checklist": {
    key: CHECKLIST_META.dismissed,
    message: "The checklist is hidden.",
    verb: "dismissed the first-run checklist",
  },
} as const;

/** The checklist's two ticks, for admins (an editor gets 403): prices checked, and dismiss; then back to the dashboard. */
export async function checklistAction(args: Args) {
  const user = await requireStaff(args, { role: "admin" });
  const { db } = args.context.get(servicesContext);
  const intent = String((await readForm(args.request)).get("intent") ?? "");
  if (!Object.hasOwn(TICKS, intent))
    return data<IntentReply>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
  const tick = TICKS[intent as keyof typeof TICKS];
  await db.transaction().execute(async (tx) => {
    await tickChecklist(tx, tick.key);
    await audit(tx, { userId: user.userId, email: user.email }, tick.verb, "Dashboard");
  });
  return redirect("/admin/dashboard", {
    headers: { "Set-Cookie": flashCookie({ title: "Success", description: tick.message }, isSecure(args)) },
  });
}
