import { CANCELLATION_POLICY } from "~/content/bookings";
import type { BookingSource } from "~/lib/booking/model";
import { formatInZone, timeZoneName } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import {
  escapeHtml,
  htmlText,
  mailDetailRows,
  mailLayout,
  oneLine,
  type BuiltMail,
} from "../../mail/submission-mail.server";

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
  /** A suite tour: "suite tour" where the e-mail says "appointment", and no cancellation policy. */
  tour?: boolean;
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

/** A headline as a suite tour's e-mail says it. */
const tourHeadline = (h: (typeof HEADLINES)[BookingMailEvent]) =>
  Object.fromEntries(
    Object.entries(h).map(([key, text]) => [key, text.replaceAll("appointment", "suite tour")]),
  ) as typeof h;

/** The client's e-mail about their booking: the details, the policy and their manage link. */
export function clientBookingMail(input: BookingMailInput): BuiltMail {
  const headline = input.tour ? tourHeadline(HEADLINES[input.event]) : HEADLINES[input.event];
  const policy = !input.tour;
  const proposed = input.event === "proposed";
  const when = formatInZone(input.startsAt, input.timeZone, "EEEE, MMMM d, yyyy");
  // Always with its zone: a client may read the e-mail, or travel, elsewhere.
  const zone = timeZoneName(input.timeZone, new Date(input.startsAt));
  const time = `${formatInZone(input.startsAt, input.timeZone, "h:mm a")} – ${formatInZone(input.endsAt, input.timeZone, "h:mm a")} (${zone})`;
  const what = input.option && input.option !== input.service ? `${input.service} — ${input.option}` : input.service;
  const details: [string, string][] = [
    ["Service", what],
    ["Date", when],
    ["Time", time],
    ...(input.staff ? [["With", input.staff] as [string, string]] : []),
    ...(proposed && input.requestedStartsAt
      ? [
          [
            "You asked for",
            `${formatInZone(input.requestedStartsAt, input.timeZone, "EEEE, MMMM d, h:mm a")} (${timeZoneName(input.timeZone, new Date(input.requestedStartsAt))})`,
          ] as [string, string],
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
          ...(policy
            ? [`${CANCELLATION_POLICY.title}:`, ...CANCELLATION_POLICY.items.map((item) => `- ${item}`), ""]
            : []),
        ]
      : []),
    input.businessName,
    input.phone,
    "",
  ].join("\n");

  const rows = mailDetailRows(details);
  const phoneLink = `<a href="${escapeHtml(telHref(input.phone))}" style="color:#2b2522">${escapeHtml(input.phone)}</a>`;
  const html = mailLayout(
    headline.title,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 20px">${escapeHtml(headline.lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 24px">${rows}</table>
${
  active
    ? `<p style="margin:0 0 8px"><a href="${escapeHtml(input.manageUrl)}" style="display:inline-block;background:#9a6b4f;color:#ffffff;padding:12px 20px;text-decoration:none">${proposed ? "Accept or decline the new time" : "View or change your booking"}</a></p>
<p style="margin:0 0 24px;font-size:14px;color:#7a6f69">${escapeHtml(manageLine)}</p>${
        policy
          ? `
<p style="margin:0 0 6px;font-size:14px">${escapeHtml(CANCELLATION_POLICY.title)}</p>
<ul style="margin:0 0 24px;padding-left:18px;font-size:13px;color:#7a6f69">${CANCELLATION_POLICY.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`
          : ""
      }`
    : ""
}
<p style="margin:0">${escapeHtml(input.businessName)}<br>${phoneLink}</p>`,
    "You receive this e-mail because this address was given for a booking on our website.",
  );
  return { subject: clientMailSubject(input), text, html };
}

/** The client's e-mail's subject alone: "Your appointment is confirmed — Aurelia" (stored when it is queued). */
export function clientMailSubject(input: Pick<BookingMailInput, "event" | "tour" | "businessName">): string {
  const headline = input.tour ? tourHeadline(HEADLINES[input.event]) : HEADLINES[input.event];
  return `${headline.subject} — ${input.businessName}`;
}

/** What happened to a booking, as the salon is told (the admin's own changes only update its calendar). */
export type SalonMailEvent =
  | "requested"
  | "booked"
  | "moved"
  | "cancelled"
  | "proposalAccepted"
  | "proposalDeclined"
  | "lapsesSoon"
  | "proposalLapsesSoon"
  | "expired"
  | "proposalExpired"
  | "confirmedBySalon"
  | "declinedBySalon"
  | "proposedBySalon"
  | "movedBySalon"
  | "cancelledBySalon";

export interface SalonMailInput {
  event: SalonMailEvent;
  service: string;
  option: string;
  staff: string;
  startsAt: string;
  endsAt: string;
  /** A person's parts of a visit that are not back to back: each stretch's times (else startsAt to endsAt). */
  stretches?: { startsAt: string; endsAt: string }[];
  timeZone: string;
  client: { name: string; email: string; phone: string };
  notes: string;
  /** The booking's status as the admin names it. */
  status: string;
  source: BookingSource;
  reason: string;
  requestedStartsAt: string | null;
  /** When a request (or a proposed time) nobody answered lapses. */
  lapsesAt: string | null;
  adminUrl: string;
  businessName: string;
}

const SALON_HEADLINES: Record<SalonMailEvent, { subject: string; lead: string }> = {
  requested: {
    subject: "New booking request",
    lead: "A client asked for the time below. It is held for them until you confirm it, decline it or propose another time.",
  },
  booked: { subject: "New booking", lead: "The appointment below was booked and is confirmed." },
  moved: { subject: "Booking moved", lead: "The client moved their appointment to the time below." },
  cancelled: {
    subject: "Booking cancelled",
    lead: "The client cancelled the appointment below. Its time is free again.",
  },
  proposalAccepted: {
    subject: "Proposed time accepted",
    lead: "The client accepted the time you proposed: the appointment below is confirmed.",
  },
  proposalDeclined: {
    subject: "Proposed time declined",
    lead: "The client declined the time you proposed, so the booking below is cancelled. Its time is free again.",
  },
  lapsesSoon: {
    subject: "Request lapses soon",
    lead: "Nobody has answered the request below. Unless it is answered, it lapses at the time shown and its time is freed.",
  },
  proposalLapsesSoon: {
    subject: "Proposed time lapses soon",
    lead: "The client has not answered the time you proposed below. Unless they do, it lapses at the time shown and its time is freed.",
  },
  expired: {
    subject: "Request lapsed",
    lead: "Nobody answered the request below in time: it lapsed and its time is free again.",
  },
  proposalExpired: {
    subject: "Proposed time lapsed",
    lead: "The client did not answer the time you proposed in time: it lapsed and its time is free again.",
  },
  confirmedBySalon: { subject: "Booking confirmed", lead: "The appointment below was confirmed in the admin." },
  declinedBySalon: { subject: "Request declined", lead: "The request below was declined in the admin." },
  proposedBySalon: {
    subject: "Another time proposed",
    lead: "Another time was proposed to the client in the admin; it is held until they answer.",
  },
  movedBySalon: { subject: "Booking moved", lead: "The appointment below was moved in the admin to this time." },
  cancelledBySalon: {
    subject: "Booking cancelled",
    lead: "The appointment below was cancelled in the admin. Its time is free again.",
  },
};

/** Events whose mail says when the booking lapses unless someone answers. */
const LAPSING: readonly SalonMailEvent[] = ["requested", "lapsesSoon", "proposalLapsesSoon", "proposedBySalon"];

/**
 * The salon's e-mail about a booking (to its notification address and the person booked): what
 * happened, the booking's essentials and a link to it in the admin. Subject: "New booking request:
 * Hair, Tue Dec 1, 9:00 AM — Ada Client".
 */
export function salonBookingMail(input: SalonMailInput): BuiltMail {
  const headline = SALON_HEADLINES[input.event];
  const at = (instant: string, pattern: string) => formatInZone(instant, input.timeZone, pattern);
  const what = input.option && input.option !== input.service ? `${input.service} — ${input.option}` : input.service;
  const zone = timeZoneName(input.timeZone, new Date(input.startsAt));
  const optional = (label: string, value: string | null | false | undefined): [string, string][] =>
    value ? [[label, value]] : [];
  const details: [string, string][] = [
    ["Service", what],
    ...optional("With", input.staff),
    ["Date", at(input.startsAt, "EEEE, MMMM d, yyyy")],
    [
      "Time",
      `${(input.stretches ?? [input]).map((s) => `${at(s.startsAt, "h:mm a")} – ${at(s.endsAt, "h:mm a")}`).join(" and ")} (${zone})`,
    ],
    ...optional(
      "Client asked for",
      input.requestedStartsAt && input.requestedStartsAt !== input.startsAt
        ? at(input.requestedStartsAt, "EEEE, MMMM d, h:mm a")
        : null,
    ),
    ["Client", input.client.name],
    ...optional("E-mail", input.client.email),
    ...optional("Phone", input.client.phone),
    ...optional("Notes", input.notes),
    ["Status", input.status],
    ["Booked", { online: "Online", staff: "In the admin", walk_in: "Walk-in, at the desk" }[input.source]],
    ...optional(
      "Lapses",
      LAPSING.includes(input.event) && input.lapsesAt
        ? `${at(input.lapsesAt, "EEEE, MMMM d, h:mm a")} (${timeZoneName(input.timeZone, new Date(input.lapsesAt))})`
        : null,
    ),
    ...optional("Reason", input.reason),
  ];
  const text = [
    headline.lead,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    `In the admin: ${input.adminUrl}`,
    "",
    input.businessName,
    "",
  ].join("\n");
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td valign="top" style="padding:4px 16px 4px 0;color:#7a6f69">${escapeHtml(label)}</td><td style="padding:4px 0">${htmlText(value)}</td></tr>`,
    )
    .join("");
  const html = mailLayout(
    headline.subject,
    `<p style="margin:0 0 20px">${escapeHtml(headline.lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 24px">${rows}</table>
<p style="margin:0"><a href="${escapeHtml(input.adminUrl)}" style="display:inline-block;background:#9a6b4f;color:#ffffff;padding:12px 20px;text-decoration:none">Open it in the admin</a></p>`,
    "You receive this e-mail as the salon's address for booking notifications, or as the person booked. Admins choose which of them the salon gets in the admin, under Booking settings.",
  );
  return { subject: salonMailSubject(input), text, html };
}

/** The salon's e-mail's subject alone: "New booking request: Hair, Tue Dec 1, 9:00 AM — Ada Client". */
export function salonMailSubject(
  input: Pick<SalonMailInput, "event" | "service" | "startsAt" | "timeZone" | "client">,
): string {
  const client = oneLine(input.client.name || input.client.email || "a client");
  const when = formatInZone(input.startsAt, input.timeZone, "EEE MMM d, h:mm a");
  return `${SALON_HEADLINES[input.event].subject}: ${oneLine(input.service)}, ${when} — ${client}`;
}

export interface AgendaInput {
  /** "Tuesday, December 1, 2026" and "Tue Dec 1". */
  date: string;
  shortDate: string;
  appointments: {
    time: string;
    service: string;
    option: string;
    staff: string;
    client: string;
    phone: string;
    notes: string;
    status: string;
  }[];
  adminUrl: string;
  businessName: string;
}

/** The salon's daily agenda: the day's appointments in order, each on one line with its details. */
export function dailyAgendaMail(input: AgendaInput): BuiltMail {
  const count = input.appointments.length;
  const subject = `Today's bookings, ${input.shortDate}: ${count === 0 ? "none" : count === 1 ? "1 appointment" : `${count} appointments`}`;
  const lines = input.appointments.map((a) => {
    const what = a.option && a.option !== a.service ? `${a.service} — ${a.option}` : a.service;
    return {
      head: `${a.time}  ${what}${a.staff ? `, with ${a.staff}` : ""}`,
      detail: [a.client, a.phone, a.status === "Confirmed" ? "" : a.status].filter(Boolean).join(" · "),
      notes: a.notes,
    };
  });
  const lead = count === 0 ? "No appointments are booked for today." : `The appointments booked for ${input.date}:`;
  const text = [
    lead,
    "",
    ...lines.flatMap((l) => [l.head, `  ${l.detail}`, ...(l.notes ? [`  Notes: ${l.notes}`] : []), ""]),
    `In the admin: ${input.adminUrl}`,
    "",
    input.businessName,
    "",
  ].join("\n");
  const items = lines
    .map(
      (l) =>
        `<li style="margin:0 0 12px"><strong>${escapeHtml(l.head)}</strong><br>${escapeHtml(l.detail)}${l.notes ? `<br><span style="color:#7a6f69">Notes: ${htmlText(l.notes)}</span>` : ""}</li>`,
    )
    .join("");
  const html = mailLayout(
    input.date,
    `<p style="margin:0 0 20px">${escapeHtml(lead)}</p>
${count ? `<ul style="margin:0 0 24px;padding-left:18px;font-size:15px">${items}</ul>` : ""}
<p style="margin:0"><a href="${escapeHtml(input.adminUrl)}" style="display:inline-block;background:#9a6b4f;color:#ffffff;padding:12px 20px;text-decoration:none">Open the day in the admin</a></p>`,
    "You receive this e-mail as the salon's address for booking notifications. Admins turn the daily agenda off in the admin, under Booking settings.",
  );
  return { subject, text, html };
}
