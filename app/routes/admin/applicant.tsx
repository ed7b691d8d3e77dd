import { ArrowLeft, Inbox, Mail, Phone } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminField, AdminTextarea } from "~/components/admin/fields";
import { StageChip } from "~/components/admin/applicants/stage-chip";
import { FieldList, type FieldItem } from "~/components/admin/submissions/field-list";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { EMAIL_BODY_MAX, NEXT_STAGES, NOTE_MAX, STAGE_LABELS } from "~/lib/applicants/pipeline";
import { formatInZone } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import { detailEntries, LONG_DETAIL_FIELDS, type DetailField } from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { applicantEvents, findApplicant, type ApplicantEvent } from "~/server/applicants/pipeline.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { parseSubmissionId } from "~/server/submissions/submissions.server";
import type { Route } from "./+types/applicant";
import { applicantAction, type ApplicantReply } from "./applicant.server";

/** /admin/applicants/{id} (docs/product.md, Applicants): one applicant's application, stage, notes and e-mails. */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.applicant.name || "Applicant"} | Admin` }];

const WHEN = "MMM d, yyyy 'at' h:mm a";
const FIRST = ["specialty", "suiteSizes", "desiredOccupancyDate"];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const id = parseSubmissionId(args.params.id);
  const row = id ? await findApplicant(db, id) : undefined;
  if (!row?.applicant_stage)
    throw data("This applicant does not exist. The application may have been deleted.", { status: 404 });
  const [events, contact, { timeZone }] = await Promise.all([
    applicantEvents(db, row.id),
    content.getPage("contact"),
    content.getSettings(),
  ]);
  return {
    applicant: {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      clientId: row.client_id,
      stage: row.applicant_stage,
      applied: formatInZone(row.created_at, timeZone, WHEN),
      stageSince: formatInZone(row.applicant_stage_at ?? row.created_at, timeZone, WHEN),
      details: detailEntries(row.details),
    },
    replyTo: contact.email,
    emailSubject: `Your suite application at ${contact.business_name}`,
    events: events.map((event) => ({
      ...event,
      when: formatInZone(event.created_at, timeZone, WHEN),
      mail: mailLine(event, timeZone),
    })),
  };
}

export const action = (args: Route.ActionArgs) => applicantAction(args);

function mailLine(event: ApplicantEvent, timeZone: string): string | null {
  if (event.kind !== "email") return null;
  if (event.mail_status === "sent" && event.mail_sent_at)
    return `Sent to ${event.mail_to} ${formatInZone(event.mail_sent_at, timeZone, WHEN)}`;
  if (event.mail_status === "failed") return `Not sent to ${event.mail_to}: ${event.mail_error ?? "delivery failed"}`;
  if (event.mail_attempts) return `Waiting to retry (${event.mail_attempts} failed)`;
  return `Queued for ${event.mail_to ?? "the applicant"}`;
}

type Event = Route.ComponentProps["loaderData"]["events"][number];

function EventItem({ event }: { event: Event }) {
  const by = event.user_email ?? "The website";
  return (
    <li className="flex flex-col gap-1 py-4 text-sm" data-testid="applicant-event">
      <p className="text-muted-foreground">
        <time dateTime={event.created_at}>{event.when}</time> · {by}
      </p>
      {event.kind === "stage" && event.to_stage ? (
        <p>
          Moved from <strong>{STAGE_LABELS[event.from_stage ?? "new"]}</strong> to{" "}
          <strong>{STAGE_LABELS[event.to_stage]}</strong>
        </p>
      ) : null}
      {event.kind === "note" ? <p className="break-words whitespace-pre-line">{event.body}</p> : null}
      {event.kind === "email" ? (
        <div className="flex flex-col gap-1 border-l-2 border-accent pl-3">
          <p className="font-medium break-words">E-mail: {event.subject}</p>
          <p className="break-words whitespace-pre-line">{event.body}</p>
          <p className={cn("text-xs", event.mail_status === "failed" ? "text-danger" : "text-muted-foreground")}>
            {event.mail}
          </p>
        </div>
      ) : null}
    </li>
  );
}

export default function ApplicantPage({ loaderData }: Route.ComponentProps) {
  const { applicant: a, events, replyTo, emailSubject } = loaderData;
  const reply = useActionData<ApplicantReply>();
  useReplyToast(reply);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = (intent: string) => (reply && !reply.ok && reply.intent === intent ? (reply.fieldErrors ?? {}) : {});
  const failed = (intent: string) => (reply && !reply.ok && reply.intent === intent ? reply.message : null);
  // A form starts empty again once what it sent is on the page (its key changes with the history).
  const formKey = `${events.length}`;
  const next = NEXT_STAGES[a.stage];
  // What the salon needs to reply first, as the form asks it; then the rest in the form's order.
  const application: FieldItem[] = [...a.details]
    .sort((x, y) => Number(FIRST.includes(y.key)) - Number(FIRST.includes(x.key)))
    .filter((d) => d.value)
    .map((d) => ({ label: d.label, value: d.value, long: LONG_DETAIL_FIELDS.includes(d.key as DetailField) }));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/admin/applicants"
        className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All applicants
      </Link>

      <header className="flex flex-col gap-3 border border-border bg-surface p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="applicant-stage">
            <StageChip stage={a.stage} />
          </span>
          <span className="text-xs text-muted-foreground sm:ml-auto">
            Applied {a.applied} · in this stage since {a.stageSince}
          </span>
        </div>
        <h2 className="text-3xl break-words">{a.name || a.email}</h2>
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          <a
            href={`mailto:${a.email}`}
            className={buttonVariants({ variant: "outline", size: "sm", className: "tracking-normal normal-case" })}
          >
            <Mail className="size-4" aria-hidden="true" />
            {a.email}
          </a>
          {a.phone ? (
            <a
              href={telHref(a.phone)}
              className={buttonVariants({ variant: "outline", size: "sm", className: "tracking-normal normal-case" })}
            >
              <Phone className="size-4" aria-hidden="true" />
              {a.phone}
            </a>
          ) : null}
          <Link to={`/admin/submissions/${a.id}`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <Inbox className="size-4" aria-hidden="true" />
            Inbox item
          </Link>
          {a.clientId ? (
            <Link to={`/admin/clients/${a.clientId}`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Client's page
            </Link>
          ) : null}
        </div>
      </header>

      <AdminCard
        title="Stage"
        description={next.length ? "Move the applicant on when something happens." : "A leased applicant stays leased."}
      >
        {next.length ? (
          <Form method="post" className="flex flex-col gap-3" aria-label="Move to another stage">
            <input type="hidden" name="intent" value="stage" />
            <input type="hidden" name="from" value={a.stage} />
            {failed("stage") ? (
              <p role="alert" className="text-sm text-danger">
                {failed("stage")}
              </p>
            ) : null}
            <p className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase">Move to</p>
            <div className="flex flex-wrap gap-2">
              {next.map((stage) => (
                <Button
                  key={stage}
                  type="submit"
                  name="stage"
                  value={stage}
                  variant={stage === "declined" ? "ghost" : "outline"}
                  size="sm"
                  disabled={busy("stage")}
                >
                  {STAGE_LABELS[stage]}
                </Button>
              ))}
            </div>
          </Form>
        ) : null}
      </AdminCard>

      <AdminCard
        title={`E-mail ${a.name || "the applicant"}`}
        description={`Sent from the salon; replies go to ${replyTo}.`}
      >
        <Form method="post" noValidate className="flex flex-col gap-4" aria-label="E-mail the applicant" key={formKey}>
          <input type="hidden" name="intent" value="email" />
          {failed("email") ? (
            <p role="alert" className="text-sm text-danger">
              {failed("email")}
            </p>
          ) : null}
          <AdminField
            name="subject"
            label="Subject"
            required
            maxLength={200}
            defaultValue={emailSubject}
            errors={errors("email").subject}
          />
          <AdminTextarea
            name="body"
            label="Message"
            required
            rows={6}
            maxLength={EMAIL_BODY_MAX}
            errors={errors("email").body}
          />
          <Button type="submit" className="w-fit" disabled={busy("email")}>
            {busy("email") ? "Sending..." : "Send e-mail"}
          </Button>
        </Form>
      </AdminCard>

      <AdminCard title="Notes and history" description="Only staff see these.">
        <Form method="post" className="flex flex-col gap-3" aria-label="Add a note" key={formKey}>
          <input type="hidden" name="intent" value="note" />
          <AdminTextarea name="note" label="Note" rows={3} maxLength={NOTE_MAX} errors={errors("note").note} />
          <Button type="submit" variant="outline" className="w-fit" disabled={busy("note")}>
            {busy("note") ? "Saving..." : "Add note"}
          </Button>
        </Form>
        {events.length ? (
          <ol className="mt-4 flex flex-col divide-y divide-border border-t border-border" aria-label="History">
            {events.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">Nothing yet: the application came in {a.applied}.</p>
        )}
      </AdminCard>

      <AdminCard title="Application">
        <FieldList items={application} />
      </AdminCard>
    </div>
  );
}
