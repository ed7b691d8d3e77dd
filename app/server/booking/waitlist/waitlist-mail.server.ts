import { formatInZone, timeZoneName } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import { DAY_PART_LABELS, type DayPart } from "~/lib/booking/waitlist";
import { escapeHtml, mailDetailRows, mailLayout, type BuiltMail } from "../../mail/submission-mail.server";

/** What every e-mail to someone on the waiting list says besides its news: who, what, and how to leave. */
export interface WaitlistMailBase {
  firstName: string;
  /** "Hair — Women's Haircut". */
  what: string;
  staff: string;
  timeZone: string;
  businessName: string;
  phone: string;
  leaveUrl: string;
}

const FOOTER = "You receive this e-mail because this address was put on our waiting list on our website.";

const dayRange = (from: string, to: string) => {
  const day = (date: string) => formatInZone(`${date}T12:00:00Z`, "UTC", "EEE, MMM d");
  return from === to ? day(from) : `${day(from)} to ${day(to)}`;
};

function build(
  base: WaitlistMailBase,
  subject: string,
  lead: string,
  details: [string, string][],
  button: { label: string; url: string; note: string } | null,
): BuiltMail {
  const greeting = base.firstName ? `Dear ${base.firstName},` : "Hello,";
  const leaveLine = "No longer looking? Leave the waiting list:";
  const text = [
    greeting,
    "",
    lead,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(button ? [`${button.label}: ${button.url}`, button.note, ""] : []),
    `${leaveLine} ${base.leaveUrl}`,
    "",
    base.businessName,
    base.phone,
    "",
  ].join("\n");
  const rows = mailDetailRows(details);
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 20px">${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin:0 0 24px">${rows}</table>
${
  button
    ? `<p style="margin:0 0 8px"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#9a6b4f;color:#ffffff;padding:12px 20px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 24px;font-size:14px;color:#7a6f69">${escapeHtml(button.note)}</p>`
    : ""
}
<p style="margin:0 0 24px;font-size:14px;color:#7a6f69">${escapeHtml(leaveLine)} <a href="${escapeHtml(base.leaveUrl)}" style="color:#2b2522">Leave the waiting list</a></p>
<p style="margin:0">${escapeHtml(base.businessName)}<br><a href="${escapeHtml(telHref(base.phone))}" style="color:#2b2522">${escapeHtml(base.phone)}</a></p>`,
    FOOTER,
  );
  return { subject: `${subject} — ${base.businessName}`, text, html };
}

/** The confirmation that someone is on the waiting list, with what they asked for. */
export function joinedWaitlistMail(
  base: WaitlistMailBase,
  wish: { fromDate: string; toDate: string; dayParts: readonly DayPart[] },
): BuiltMail {
  return build(
    base,
    "You are on our waiting list",
    "When a time that suits you opens, we e-mail you a link that holds it for you for a short while. Nothing is booked until you take it.",
    [
      ["Service", base.what],
      ...(base.staff ? [["With", base.staff] as [string, string]] : []),
      ["Days", dayRange(wish.fromDate, wish.toDate)],
      ["Times", wish.dayParts.map((p) => DAY_PART_LABELS[p]).join(", ")],
    ],
    null,
  );
}

/** A freed time held for them: take it or let it go before `heldUntil`. */
export function timeOfferedMail(
  base: WaitlistMailBase,
  offer: { startsAt: string; endsAt: string; heldUntil: string; offerUrl: string },
): BuiltMail {
  const zone = timeZoneName(base.timeZone, new Date(offer.startsAt));
  const held = `${formatInZone(offer.heldUntil, base.timeZone, "EEEE, MMMM d 'at' h:mm a")} (${zone})`;
  return build(
    base,
    "A time has opened for you",
    `A time that suits you has opened. We hold it for you until ${held}; after that we offer it to the next person on the list.`,
    [
      ["Service", base.what],
      ...(base.staff ? [["With", base.staff] as [string, string]] : []),
      ["Date", formatInZone(offer.startsAt, base.timeZone, "EEEE, MMMM d, yyyy")],
      [
        "Time",
        `${formatInZone(offer.startsAt, base.timeZone, "h:mm a")} – ${formatInZone(offer.endsAt, base.timeZone, "h:mm a")} (${zone})`,
      ],
    ],
    {
      label: "Take or decline this time",
      url: offer.offerUrl,
      note: `It is held for you until ${held}. Not for you? Decline it and you stay on the list for other times.`,
    },
  );
}
