import { data, redirect, type RouterContextProvider } from "react-router";
import { clientContactSchema, clientNotesSchema } from "~/lib/clients/directory";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { saveClientContact, saveClientNotes } from "~/server/clients/directory.server";
import { eraseClient } from "~/server/clients/erase.server";
import { CLIENT_GONE, ClientChangeRefused, mergeClients } from "~/server/clients/merge.server";
import { servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";
import { readForm } from "~/server/http/read-form.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

export interface ClientReply {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: FieldErrors;
}

/** An id from the URL: digits only, else one that names nobody. */
export const clientIdParam = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN);

export const CLIENT_MESSAGES = {
  contactSaved: "Contact saved.",
  notesSaved: "Notes saved.",
  fixContact: "Please correct the highlighted fields.",
  unknownIntent: "Unknown action.",
  adminOnly: "Only an admin can merge or erase clients.",
  merged: (name: string) => `Merged into ${name}.`,
  erased: "The client was erased.",
} as const;

/**
 * The actions of /admin/clients/{id}: staff save the contact and the private notes; admins merge
 * another client into this one and erase this one (an editor gets 403 for those).
 */
export async function clientAction(args: Args) {
  const user = await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const id = clientIdParam(args.params.id);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const reply = (status: number, ok: boolean, message: string, fieldErrors?: FieldErrors) =>
    data<ClientReply>({ ok, intent, message, fieldErrors }, { status });
  const actor = { userId: user.userId, email: user.email };
  const flashTo = (path: string, description: string) =>
    redirect(path, { headers: { "Set-Cookie": flashCookie({ title: "Success", description }, isSecure(args)) } });

  switch (intent) {
    case "contact": {
      const parsed = clientContactSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return reply(400, false, CLIENT_MESSAGES.fixContact, fieldErrorsOf(parsed.error));
      if (!(await saveClientContact(db, id, parsed.data))) return reply(404, false, CLIENT_GONE);
      return reply(200, true, CLIENT_MESSAGES.contactSaved);
    }
    case "notes": {
      const parsed = clientNotesSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return reply(400, false, parsed.error.issues[0].message, fieldErrorsOf(parsed.error));
      if (!(await saveClientNotes(db, id, parsed.data.notes))) return reply(404, false, CLIENT_GONE);
      return reply(200, true, CLIENT_MESSAGES.notesSaved);
    }
    case "merge":
    case "erase": {
      if (user.role !== "admin") return reply(403, false, CLIENT_MESSAGES.adminOnly);
      try {
        if (intent === "erase") {
          await eraseClient(db, id, actor);
          return flashTo("/admin/clients", CLIENT_MESSAGES.erased);
        }
        await mergeClients(db, id, clientIdParam(String(form.get("other") ?? "")), actor);
        const kept = await db.selectFrom("clients").select("name").where("id", "=", id).executeTakeFirstOrThrow();
        return flashTo(`/admin/clients/${id}`, CLIENT_MESSAGES.merged(kept.name || "this client"));
      } catch (error) {
        if (error instanceof ClientChangeRefused) return reply(409, false, error.message);
        throw error;
      }
    }
    default:
      return reply(400, false, CLIENT_MESSAGES.unknownIntent);
  }
}
