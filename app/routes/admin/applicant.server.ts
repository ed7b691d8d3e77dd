import { data, type RouterContextProvider } from "react-router";
import {
  applicantEmailSchema,
  applicantNoteSchema,
  applicantStageSchema,
  isApplicantStage,
  STAGE_LABELS,
} from "~/lib/applicants/pipeline";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { emailApplicant } from "~/server/applicants/email.server";
import { addApplicantNote, APPLICANT_GONE, moveApplicant } from "~/server/applicants/pipeline.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { readForm } from "~/server/http/read-form.server";
import { parseSubmissionId } from "~/server/submissions/submissions.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

export interface ApplicantReply {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: FieldErrors;
}

export const APPLICANT_MESSAGES = {
  moved: (stage: string) => `Moved to ${stage}.`,
  noteAdded: "Note added.",
  emailQueued: (to: string) => `E-mail to ${to} is on its way.`,
  fix: "Please correct the highlighted fields.",
  unknownIntent: "Unknown action.",
} as const;

/** The actions of /admin/applicants/{id} (admins and editors): move the stage, add a note, e-mail the applicant. */
export async function applicantAction(args: Args) {
  const user = await requireStaff(args);
  const services = args.context.get(servicesContext);
  const { db } = services;
  const id = parseSubmissionId(args.params.id) ?? Number.NaN;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const reply = (status: number, ok: boolean, message: string, fieldErrors?: FieldErrors) =>
    data<ApplicantReply>({ ok, intent, message, fieldErrors }, { status });
  const actor = { userId: user.userId, email: user.email };
  const fields = Object.fromEntries(form);

  switch (intent) {
    case "stage": {
      const parsed = applicantStageSchema.safeParse(fields);
      if (!parsed.success) return reply(400, false, parsed.error.issues[0].message, fieldErrorsOf(parsed.error));
      const expected = form.get("from");
      const moved = await moveApplicant(
        db,
        id,
        parsed.data.stage,
        actor,
        isApplicantStage(expected) ? expected : undefined,
      );
      if (!moved.ok) return reply(moved.status, false, moved.message);
      return reply(200, true, APPLICANT_MESSAGES.moved(STAGE_LABELS[moved.to]));
    }
    case "note": {
      const parsed = applicantNoteSchema.safeParse(fields);
      if (!parsed.success) return reply(400, false, APPLICANT_MESSAGES.fix, fieldErrorsOf(parsed.error));
      if (!(await addApplicantNote(db, id, parsed.data.note, actor))) return reply(404, false, APPLICANT_GONE);
      return reply(200, true, APPLICANT_MESSAGES.noteAdded);
    }
    case "email": {
      const parsed = applicantEmailSchema.safeParse(fields);
      if (!parsed.success) return reply(400, false, APPLICANT_MESSAGES.fix, fieldErrorsOf(parsed.error));
      const sent = await emailApplicant(db, services.content, id, parsed.data, actor);
      if (!sent) return reply(404, false, APPLICANT_GONE);
      services.outbox.kick();
      return reply(200, true, APPLICANT_MESSAGES.emailQueued(sent.to));
    }
    default:
      return reply(400, false, APPLICANT_MESSAGES.unknownIntent);
  }
}
