import { CANCELLATION_POLICY } from "~/content/bookings";
import { formatInZone } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import { escapeHtml, mailLayout, type BuiltMail } from "../mail/submission-mail.server";

/** What happened to the booking, from the client's side. */
export type BookingMailEvent =
  | "requested"
  | "confirmed"
  | "moved"
  | "cancelled"
  | "declined"
  | "proposed"
  | "cancelledBySalon"
  | "reminder"
  | "expired"
  | "proposalExpired";

export interface BookingMailInput {
  event: BookingMailEvent;
  firstName: string;
  service: string;
  option: string;
  staff: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  manageUrl: string;
  businessName: string;
  phone: string;
  cutoffHours: number;
  /** Why the salon declined or cancelled (shown in those e-mails). */
  reason?: string;
  /** The time the client asked for, when the salon proposes another. */
  requestedStartsAt?: string | null;
}

const HEADLINES: Record<BookingMailEvent, { subject: string; title: string; lead: string }> = {
  requested: {
    subject: "We received your booking request",
    title: "Your booking request",
    lead: "Thank you for booking with us. We hold this time for you and will confirm it by e-mail shortly.",
  },
  confirmed: {
    subject: "Your appointment is confirmed",
    title: "Your appointment is confirmed",
    lead: "Thank you for booking with us. We look forward to seeing you.",
  },
  moved: {
    subject: "Your appointment has moved",
    title: "Your appointment has moved",
    lead: "Your booking now has the time below.",
  },
  reminder: {
    subject: "A reminder of your appointment",
    title: "See you soon",
    lead: "This is a reminder of your appointment with us. We look forward to seeing you.",
  },
  cancelled: {
    subject: "Your appointment is cancelled",
    title: "Your appointment is cancelled",
    lead: "Your booking below is cancelled. We hope to see you another time.",
  },
  declined: {
    subject: "We could not take your booking request",
    title: "We could not take your booking",
    lead: "We are sorry: we cannot take the booking below.",
  },
  proposed: {
    subject: "We propose another time for your appointment",
    title: "We propose another time",
    lead: "The time you asked for is not free, so we propose the time below. Please accept or decline it with the link below.",
  },
  expired: {
    subject: "Your booking request has lapsed",
    title: "Your booking request has lapsed",
    lead: "We are sorry: we could not answer your booking request in time, so the time below is no longer held for you. Please book another time online or call us.",
  },
  proposalExpired: {
    subject: "The time we proposed has lapsed",
    title: "The time we proposed has lapsed",
    lead: "We did not hear from you about the time we proposed, so the time below is no longer held for you. Please book another time online or call us.",
  },
  cancelledBySalon: {
    subject: "Your appointment is cancelled",
    title: "We had to cancel your appointment",
    lead: "We are sorry: we had to cancel the booking below. Please call us or book another time online.",
  },
};

/** Events after which the booking holds no time: no manage link, no policy. */
const ENDED: readonly BookingMailEvent[] = ["cancelled", "declined", "cancelledBySalon", "expired", "proposalExpired"];

/** The client's e-mail about their booking: the details, the policy and their manage link. */
export function clientBookingMail(input: BookingMailInput): BuiltMail {
  const headline = HEADLINES[input.event];
  const proposed = input.event === "proposed";
  const when = formatInZone(input.startsAt, input.timeZone, "EEEE, MMMM d, yyyy");
  const time = `${formatInZone(input.startsAt, input.timeZone, "h:mm a")} – ${formatInZone(input.endsAt, input.timeZone, "h:mm a")}`;
  const what = input.option && input.option !== input.service ? `${input.service} — ${input.option}` : input.service;
  const details: [string, string][] = [
    ["Service", what],
    ["Date", when],
    ["Time", time],
    ...(input.staff ? [["With", input.staff] as [string, string]] : []),
    ...(proposed && input.requestedStartsAt
      ? [
          ["You asked for", formatInZone(input.requestedStartsAt, input.timeZone, "EEEE, MMMM d, h:mm a")] as [
            string,
            string,
          ],
        ]
      : []),
    ...(input.reason && (input.event === "declined" || input.event === "cancelledBySalon")
      ? [["Reason", input.reason] as [string, string]]
      : []),
  ];
  const active = !ENDED.includes(input.event);
  const manageLine = proposed
    ? `Questions, or another time in mind? Please call us at ${input.phone}.`
    : `You can cancel or move it online until ${input.cutoffHours} hours before; after that, please call us at ${input.phone}.`;
  const greeting = input.firstName ? `Dear ${input.firstName},` : "Hello,";
  const text = [
    greeting,
    "",
    headline.lead,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(active
      ? [
          proposed ? `Accept or decline the new time: ${input.manageUrl}` : `Your booking: ${input.manageUrl}`,
          manageLine,
          "",
          `${CANCELLATION_POLICY.title}:`,
          ...CANCELLATION_POLICY.items.map((item) => `- ${item}`),
          "",
        ]
      : []),
    input.businessName,
    input.phone,
    "",
  ].join("\n");

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#7a6f69">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const phoneLink = `<a href="${escapeHtml(telHref(input.phone))}" style="color:#2b2522">${escapeHtml(input.phone)}</a>`;
  const html = mailLayout(
    headline.title,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 20px">${escapeHtml(headline.lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 24px">${rows}</table>
${
  active
    ? `<p style="margin:0 0 8px"><a href="${escapeHtml(input.manageUrl)}" style="display:inline-block;background:#9a6b4f;color:#ffffff;padding:12px 20px;text-decoration:none">${proposed ? "Accept or decline the new time" : "View or change your booking"}</a></p>
<p style="margin:0 0 24px;font-size:14px;color:#7a6f69">${escapeHtml(manageLine)}</p>
<p style="margin:0 0 6px;font-size:14px">${escapeHtml(CANCELLATION_POLICY.title)}</p>
<ul style="margin:0 0 24px;padding-left:18px;font-size:13px;color:#7a6f69">${CANCELLATION_POLICY.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`
    : ""
}
<p style="margin:0">${escapeHtml(input.businessName)}<br>${phoneLink}</p>`,
    "You receive this e-mail because this address was given for a booking on our website.",
  );
  return { subject: `${headline.subject} — ${input.businessName}`, text, html };
}
