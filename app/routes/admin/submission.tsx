import { Archive, ArchiveRestore, ArrowLeft, Ban, Mail, MailOpen, Phone, RotateCcw, SearchX } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useLocation, useRevalidator } from "react-router";
import { FormTypeBadge, StatusChip } from "~/components/admin/submissions/badges";
import { DeleteSubmission } from "~/components/admin/submissions/delete-dialog";
import { DetailSection, FieldList, type FieldItem } from "~/components/admin/submissions/field-list";
import { useInboxAction } from "~/components/admin/submissions/use-inbox-action";
import { Button, buttonVariants } from "~/components/ui/button";
import { telHref } from "~/lib/phone";
import {
  detailEntries,
  formatSubmittedAt,
  formTypeLabel,
  LONG_DETAIL_FIELDS,
  senderFields,
  type DetailField,
} from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { handleInboxAction } from "~/server/submissions/actions.server";
import { mailsFor, openSubmission, parseSubmissionId } from "~/server/submissions/submissions.server";
import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title:
      loaderData && "submission" in loaderData
        ? `${loaderData.submission.name || loaderData.submission.email} | Form Submissions | Admin`
        : "Submission not found | Admin",
  },
];

function utmPairs(utm: string | null): [string, string][] {
  if (!utm) return [];
  try {
    return Object.entries(JSON.parse(utm) as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  } catch {
    return [];
  }
}

/** Opening a submission marks it read (the header bell counts the new ones). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const id = parseSubmissionId(args.params.id);
  const opened = id ? await openSubmission(db, id) : undefined;
  if (!opened) return data({ notFound: true as const, id: args.params.id }, { status: 404 });
  const { row, markedRead } = opened;
  const [mails, contact, { timeZone }] = await Promise.all([
    mailsFor(db, row.id),
    content.getPage("contact"),
    content.getSettings(),
  ]);
  return {
    isAdmin: user.role === "admin",
    markedRead,
    replySubject: `Re: your ${formTypeLabel(row.form_type).toLowerCase()} at ${contact.business_name}`,
    submission: {
      id: row.id,
      formType: row.form_type,
      status: row.status,
      ...senderFields(row),
      clientId: row.client_id,
      applicantStage: row.applicant_stage,
      createdAt: row.created_at,
      createdLabel: formatSubmittedAt(row.created_at, timeZone),
      details: row.details ? detailEntries(row.details) : null,
      source: {
        pagePath: row.page_path,
        referrer: row.referrer,
        utm: utmPairs(row.utm),
        clientIp: row.client_ip,
        userAgent: row.user_agent,
      },
    },
    mails: mails.map((m) => ({
      ...m,
      createdLabel: formatSubmittedAt(m.createdAt, timeZone),
      sentLabel: m.sentAt ? formatSubmittedAt(m.sentAt, timeZone) : null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleInboxAction(args);
}

function NotFound({ id }: { id: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-6 text-3xl">Submission not found</h2>
      <p className="mt-3 text-sm text-muted-foreground">There is no submission #{id}. It may have been deleted.</p>
      <Link to="/admin/submissions" className={buttonVariants({ className: "mt-8" })}>
        Back to submissions
      </Link>
    </section>
  );
}

const MAIL_KIND_LABELS: Record<string, string> = {
  notification: "Staff notification",
  confirmation: "Confirmation to the visitor",
};

export default function SubmissionDetail({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const markedRead = "markedRead" in loaderData && loaderData.markedRead;
  // The layout's bell was counted alongside this loader, before the row turned read: recount it.
  useEffect(() => {
    if (markedRead) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markedRead, location.key]);
  const { fetcher, busy } = useInboxAction(
    "submission" in loaderData ? `detail-${loaderData.submission.id}` : "detail-missing",
  );

  if ("notFound" in loaderData) return <NotFound id={String(loaderData.id)} />;
  const { submission: s, mails, isAdmin, replySubject } = loaderData;
  const back = typeof location.state?.back === "string" ? (location.state.back as string) : "";
  const who = s.name || s.email;

  const request: FieldItem[] = [
    { label: "Service", value: s.service },
    { label: "Preferred date", value: s.preferredDate },
    { label: "Preferred time", value: s.preferredTime },
  ];
  const suite: FieldItem[] | null = s.details
    ? s.details.map((d) => ({
        label: d.label,
        value: d.value,
        long: (LONG_DETAIL_FIELDS as readonly string[]).includes(d.key as DetailField),
        keepEmpty: true,
      }))
    : null;
  const source: FieldItem[] = [
    { label: "Page", value: s.source.pagePath },
    { label: "Referrer", value: s.source.referrer },
    { label: "Campaign", value: s.source.utm.map(([k, v]) => `${k}=${v}`).join(", ") },
    { label: "IP address", value: s.source.clientIp },
    { label: "Browser", value: s.source.userAgent },
  ];

  const statusButton = (intent: string, label: string, Icon: typeof Archive, extra?: Record<string, string>) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {extra ? Object.entries(extra).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />) : null}
      <Button type="submit" variant="ghost" size="sm" disabled={busy}>
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </fetcher.Form>
  );
  // Actions that make the row new again leave for the list (staying would re-open and re-read it).
  const toList = (intent: string, label: string, Icon: typeof Archive) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="then" value="list" />
      <input type="hidden" name="back" value={back} />
      <Button type="submit" variant="ghost" size="sm">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </Form>
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to={`/admin/submissions${back}`}
        className="inline-flex items-center gap-2 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All submissions
      </Link>

      <header className={cn("border border-border bg-surface p-5 sm:p-6", busy && "opacity-70")}>
        <div className="flex flex-wrap items-center gap-3">
          <FormTypeBadge formType={s.formType} />
          <span data-testid="detail-status">
            <StatusChip status={s.status} />
          </span>
          <time dateTime={s.createdAt} className="text-xs text-muted-foreground sm:ml-auto">
            Submitted {s.createdLabel}
          </time>
        </div>
        <h2 className="mt-4 text-3xl break-words">{who}</h2>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <a
              href={`mailto:${s.email}?subject=${encodeURIComponent(replySubject)}`}
              className={buttonVariants({ size: "sm" })}
            >
              <Mail className="size-4" aria-hidden="true" />
              Reply by email
            </a>
            {s.phone ? (
              <a href={telHref(s.phone)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Phone className="size-4" aria-hidden="true" />
                Call
              </a>
            ) : null}
            {s.clientId ? (
              <Link to={`/admin/clients/${s.clientId}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Client's page
              </Link>
            ) : null}
            {s.applicantStage ? (
              <Link to={`/admin/applicants/${s.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                Applicant's page
              </Link>
            ) : null}
          </div>
          <div
            className="-mx-3 flex flex-wrap items-center gap-1 sm:mx-0"
            role="group"
            aria-label="Manage this submission"
          >
            {s.status === "read" ? toList("mark-unread", "Mark as unread", MailOpen) : null}
            {s.status === "new" || s.status === "read" ? statusButton("archive", "Archive", Archive) : null}
            {s.status === "archived" ? statusButton("unarchive", "Unarchive", ArchiveRestore) : null}
            {isAdmin && s.status !== "spam" ? statusButton("spam", "Mark as spam", Ban) : null}
            {isAdmin && s.status === "spam" ? toList("restore", "Restore from spam", RotateCcw) : null}
            {isAdmin ? <DeleteSubmission name={who} back={back} /> : null}
          </div>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <DetailSection title="Contact">
            <FieldList
              items={[
                { label: "Name", value: s.name, keepEmpty: true },
                {
                  label: "Email",
                  value: (
                    <a href={`mailto:${s.email}`} className="text-accent underline-offset-4 hover:underline">
                      {s.email}
                    </a>
                  ),
                },
                {
                  label: "Phone",
                  value: s.phone ? (
                    <a href={telHref(s.phone)} className="text-accent underline-offset-4 hover:underline">
                      {s.phone}
                    </a>
                  ) : null,
                },
              ]}
            />
          </DetailSection>

          {request.some((f) => f.value) ? (
            <DetailSection title="Request">
              <FieldList items={request} />
            </DetailSection>
          ) : null}

          {s.message ? (
            <DetailSection title="Message">
              <p className="text-sm leading-relaxed break-words whitespace-pre-line" data-testid="detail-message">
                {s.message}
              </p>
            </DetailSection>
          ) : null}

          {suite ? (
            <DetailSection title="Suite application" data-testid="suite-details">
              <FieldList items={suite} />
            </DetailSection>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <DetailSection title="Emails">
            {mails.length ? (
              <ul className="flex flex-col gap-4 text-sm" data-testid="detail-mails">
                {mails.map((m) => (
                  <li key={m.id} className="flex flex-col gap-0.5">
                    <span className="font-medium">{MAIL_KIND_LABELS[m.kind ?? ""] ?? "Email"}</span>
                    <span className="break-all text-muted-foreground">To {m.to}</span>
                    <span className={cn("text-xs", m.status === "sent" ? "text-success" : "text-muted-foreground")}>
                      {m.status === "sent"
                        ? `Sent ${m.sentLabel}`
                        : m.attempts
                          ? `Waiting to retry (${m.attempts} failed ${m.attempts === 1 ? "attempt" : "attempts"})`
                          : "Queued"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                {s.status === "spam"
                  ? "No emails: this submission was flagged as spam."
                  : "No emails were sent for this submission."}
              </p>
            )}
          </DetailSection>

          <DetailSection title="Source">
            <FieldList items={source} className="sm:grid-cols-1" />
          </DetailSection>
        </div>
      </div>
    </div>
  );
}
