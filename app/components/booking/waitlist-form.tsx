import { ChoiceGroupField, PublicForm, SelectField, SubmitButton, TextField } from "~/components/forms";
import { DAY_PART_LABELS, DAY_PARTS, waitlistRequestSchema } from "~/lib/booking/waitlist";
import type { PublicFormReply } from "~/lib/forms/public-form-types";
import { formatInZone } from "~/lib/dates";
import { WAITLIST_LINK_CLASS, WAITLIST_LINK_TEXT } from "~/lib/booking/waitlist-link";
import { ClientDetailsFields } from "./booking-form";
import { FormHeading } from "./form-heading";

/** The "Tell me if a time opens" link under a day with no fitting time, to the waiting list's form. */
export function WaitlistLink({
  service,
  option,
  date,
  staff,
}: {
  service: string;
  option: string;
  date?: string;
  staff?: string;
}) {
  const query = new URLSearchParams({ service, option });
  if (date) query.set("date", date);
  if (staff && staff !== "any") query.set("staff", staff);
  return (
    <span className={WAITLIST_LINK_CLASS.wrap}>
      <a href={`/waitlist?${query.toString()}`} className={WAITLIST_LINK_CLASS.link} data-waitlist-link>
        {WAITLIST_LINK_TEXT}
      </a>
    </span>
  );
}

export interface WaitlistFormData {
  service: { id: string; title: string };
  options: { name: string; durationMinutes: number }[];
  option: string;
  people: { id: number; name: string }[];
  staff: string;
  fromDate: string;
  toDate: string;
  today: string;
  lastDay: string;
}

export type WaitlistReply =
  | { ok: true; email: string; fromDate: string; toDate: string }
  | { ok: false; message: string; fieldErrors: Record<string, string[]>; values: Record<string, string | string[]> };

const longDay = (date: string) => formatInZone(`${date}T12:00:00Z`, "UTC", "EEEE, MMMM d");

/**
 * The waiting list's form: the option (and person) the visitor was looking at, the days and the
 * parts of the day that suit, and how to reach them. A plain POST to its page: it works without
 * JavaScript, and the page answers with what happens next or the fields to fix.
 */
export function WaitlistForm({ data, reply }: { data: WaitlistFormData; reply?: WaitlistReply }) {
  if (reply?.ok) return <Joined reply={reply} service={data.service} />;
  const failed: PublicFormReply | undefined = reply && !reply.ok ? reply : undefined;
  const value = (name: string, fallback: string) => {
    const typed = failed?.values[name];
    return typeof typed === "string" ? typed : fallback;
  };
  return (
    <PublicForm
      name="waitlist"
      schema={waitlistRequestSchema}
      id="waitlist-form"
      action={`/waitlist?${new URLSearchParams({ service: data.service.id }).toString()}`}
      reply={failed}
      messages={{
        successTitle: "You are on the waiting list",
        successDescription: "",
        errorTitle: "Please check the form",
        errorDescription: "",
      }}
      data-enhance={undefined}
      className="flex flex-col gap-10"
    >
      <input type="hidden" name="service" value={data.service.id} />
      <div className="flex flex-col gap-6">
        <FormHeading hint="We e-mail you when one of these times opens, and hold it for you for a short while.">
          The times that suit you
        </FormHeading>
        {data.options.length > 1 ? (
          <SelectField
            name="option"
            label="Service option"
            defaultValue={value("option", data.option)}
            options={data.options.map((o) => ({ value: o.name, label: `${o.name} · ${o.durationMinutes} min` }))}
          />
        ) : (
          <input type="hidden" name="option" value={data.option} />
        )}
        {data.people.length > 0 && (
          <SelectField
            name="staff"
            label="With"
            defaultValue={value("staff", data.staff)}
            options={[
              { value: "any", label: "Anyone" },
              ...data.people.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
        )}
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            name="fromDate"
            label="From"
            type="date"
            required
            min={data.today}
            max={data.lastDay}
            defaultValue={value("fromDate", data.fromDate)}
          />
          <TextField
            name="toDate"
            label="Until"
            type="date"
            required
            min={data.today}
            max={data.lastDay}
            defaultValue={value("toDate", data.toDate)}
            hint={`At the latest ${longDay(data.lastDay)}.`}
          />
        </div>
        <ChoiceGroupField
          name="dayParts"
          label="Time of day"
          type="checkbox"
          softRequired
          options={DAY_PARTS.map((p) => ({ value: p, label: DAY_PART_LABELS[p] }))}
        />
      </div>
      <div className="flex flex-col gap-6">
        <ClientDetailsFields />
      </div>
      <SubmitButton pendingText="SENDING..." className="w-full">
        Tell me if a time opens
      </SubmitButton>
    </PublicForm>
  );
}

function Joined({
  reply,
  service,
}: {
  reply: Extract<WaitlistReply, { ok: true }>;
  service: { id: string; title: string };
}) {
  const days =
    reply.fromDate === reply.toDate
      ? longDay(reply.fromDate)
      : `${longDay(reply.fromDate)} to ${longDay(reply.toDate)}`;
  return (
    <div role="status" tabIndex={-1} id="waitlist-form" className="flex flex-col gap-5" data-waitlist-joined>
      <p className="eyebrow text-accent">On the waiting list</p>
      <h2 className="font-display text-3xl font-normal">We will tell you when a time opens</h2>
      <p className="leading-relaxed">
        You are on our waiting list for {service.title}, {days}. When a time that suits you opens, we e-mail{" "}
        {reply.email} a link that holds it for you for a short while: take it with one tap, or let it go. Nothing is
        booked until you take it. Every e-mail has a link to leave the list.
      </p>
    </div>
  );
}
