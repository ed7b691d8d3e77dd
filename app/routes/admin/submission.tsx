import { Archive, ArchiveRestore, ArrowLeft, Ban, Mail, MailOpen, Phone, RotateCcw, SearchX } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useLocation, useNavigation, useRevalidator } from "react-router";
import { AdminTextarea } from "~/components/admin/fields";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { FormTypeBadge, StatusChip } from "~/components/admin/submissions/badges";
import { DeleteSubmission } from "~/components/admin/submissions/delete-dialog";
import { DetailSection, FieldList, type FieldItem } from "~/components/admin/submissions/field-list";
import { useInboxAction } from "~/components/admin/submissions/use-inbox-action";
import { Button, buttonVariants } from "~/components/ui/button";
import { telHref } from "~/lib/phone";
import {
  detailEntries,
  formatSubmittedAt,
  LONG_DETAIL_FIELDS,
  REPLY_MAX_LENGTH,
  senderFields,
  type DetailField,
  type ReplyFormReply,
} from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { readForm } from "~/server/http/read-form.server";
import { handleInboxAction } from "~/server/submissions/actions.server";
import { repliesFor, replySubject } from "~/server/submissions/reply.server";
import { mailsFor, openSubmission, parseSubmissionId } from "~/server/submissions/submissions.server";
import type { Route } from "./+types/submission";
import { replyAction } from "./submission-reply.server";

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
  const [mails, replies, contact, { timeZone }] = await Promise.all([
    mailsFor(db, row.id),
    repliesFor(db, row.id),
    content.getPage("contact"),
    content.getSettings(),
  ]);
  return {
    isAdmin: user.role === "admin",
    markedRead,
    replySubject: replySubject(row, contact.business_name),
    replies: replies.map((r) => ({
      ...r,
      createdLabel: formatSubmittedAt(r.createdAt, timeZone),
      sentLabel: r.delivery?.sentAt ? formatSubmittedAt(r.delivery.sentAt, timeZone) : null,
    })),
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
  const form = await readForm(args.request.clone());
  if (form.get("intent") === "reply") return replyAction(args, form);
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
  reply: "Your reply",
};

type Reply = Extract<Route.ComponentProps["loaderData"], { replies: unknown }>["replies"][number];

/** How a reply's mail is doing, in the outbox's words. */
function deliveryLine(reply: Reply): { text: string; tone: "sent" | "waiting" | "failed" } {
  const d = reply.delivery;
  if (!d) return { text: "Not sent", tone: "failed" };
  if (d.status === "sent") return { text: `Sent ${reply.sentLabel}`, tone: "sent" };
  if (d.status === "failed") return { text: d.lastError ?? "Not sent", tone: "failed" };
  if (d.attempts)
    return {
      text: `Not sent yet: ${d.attempts} failed ${d.attempts === 1 ? "attempt" : "attempts"}, trying again${d.lastError ? ` (${d.lastError})` : ""}`,
      tone: "failed",
    };
  return { text: "Waiting to be sent", tone: "waiting" };
}

const DELIVERY_TONES = { sent: "text-success", waiting: "text-muted-foreground", failed: "text-danger" } as const;

/** The replies sent from the admin, oldest first, and the form to write the next one. */
function ReplyThread({
  replies,
  email,
  phone,
  status,
}: {
  replies: Reply[];
  email: string;
  phone: string | null;
  status: string;
}) {
  const reply = useActionData<ReplyFormReply>();
  useReplyToast(reply?.intent === "reply" ? reply : undefined);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  const failed = reply && !reply.ok && reply.intent === "reply" ? reply : null;
  // A refused reply puts the writer back in the text box, where the error is.
  const textbox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (failed?.fieldErrors) textbox.current?.focus();
  }, [failed]);
  return (
    <DetailSection title="Reply">
      {replies.length ? (
        <ol className="mb-6 flex flex-col gap-4" aria-label="Replies sent" data-testid="reply-thread">
          {replies.map((r) => {
            const delivery = deliveryLine(r);
            return (
              <li key={r.id} className="border-l-2 border-accent pl-4">
                <p className="text-xs text-muted-foreground">
                  {r.author ?? "Someone"} · <time dateTime={r.createdAt}>{r.createdLabel}</time>
                </p>
                <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line">{r.body}</p>
                <p
                  className={cn("mt-1 text-xs break-words", DELIVERY_TONES[delivery.tone])}
                  data-testid="reply-delivery"
                >
                  {delivery.text}
                </p>
              </li>
            );
          })}
        </ol>
      ) : null}
      {status === "spam" ? (
        <p className="text-sm text-muted-foreground">This submission is marked as spam. Restore it to reply.</p>
      ) : !email.trim() ? (
        <p className="text-sm text-muted-foreground" data-testid="reply-no-email">
          {phone ? (
            <>
              There is no e-mail address on this submission, so a reply cannot be sent from here. Call{" "}
              <a href={telHref(phone)} className="text-accent underline-offset-4 hover:underline">
                {phone}
              </a>{" "}
              instead.
            </>
          ) : (
            "There is no e-mail address or phone number on this submission, so there is no way to reply."
          )}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-3"
          aria-label="Reply by e-mail"
          key={replies.length}
        >
          <input type="hidden" name="intent" value="reply" />
          {failed && !failed.fieldErrors ? (
            <p role="alert" className="text-sm text-danger">
              {failed.message}
            </p>
          ) : null}
          <AdminTextarea
            name="body"
            label={replies.length ? "Write another reply" : "Your reply"}
            hint={`Sent to ${email} from the salon's address, with their message quoted below it.`}
            rows={6}
            maxLength={REPLY_MAX_LENGTH}
            ref={textbox}
            defaultValue={failed?.body ?? ""}
            errors={failed?.fieldErrors?.body}
          />
          <Button type="submit" className="w-fit" disabled={sending}>
            <Mail className="size-4" aria-hidden="true" />
            {sending ? "Sending..." : "Send reply"}
          </Button>
        </Form>
      )}
    </DetailSection>
  );
}

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
  const { submission: s, mails, replies, isAdmin, replySubject } = loaderData;
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
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            {s.email && s.status !== "spam" ? (
              <a href="#reply" className={buttonVariants({ size: "sm" })}>
                <Mail className="size-4" aria-hidden="true" />
                Reply
              </a>
            ) : null}
            {s.email ? (
              <a
                href={`mailto:${s.email}?subject=${encodeURIComponent(replySubject)}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                Open in your mail app
              </a>
            ) : null}
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

          <div id="reply" className="scroll-mt-24">
            <ReplyThread replies={replies} email={s.email} phone={s.phone} status={s.status} />
          </div>
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
