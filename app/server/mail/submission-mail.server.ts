import type { ContactContent } from "~/content/contact";
import { weeklyHours } from "~/lib/hours";
import { telHref } from "~/lib/phone";
import { detailEntries, formatPreferredDate, formatSubmittedAt, formTypeLabel, serviceLabel } from "~/lib/submissions";

/**
 * The two e-mails a new submission sends: the staff notification (every field, a link to the
 * inbox, Reply-To the visitor) and the visitor's confirmation (the 24-hour promise and how to
 * reach the salon). Each has a text part and an HTML part in which every inserted value is escaped.
 */
export interface SubmissionFields {
  id: number;
  form_type: string;
  name: string;
  email: string;
  created_at: string;
  phone?: string | null;
  service?: string | null;
  preferred_date?: string | null;
  preferred_time?: string | null;
  message?: string | null;
  /** JSON of the extra fields (suite applications). */
  details?: string | null;
  page_path?: string | null;
}

export type Business = Pick<
  ContactContent,
  | "business_name"
  | "address_line1"
  | "address_line2"
  | "city"
  | "state"
  | "zip"
  | "salon_phone"
  | "tel_phone"
  | "email"
  | "hours_monday"
  | "hours_tuesday"
  | "hours_wednesday"
  | "hours_thursday"
  | "hours_friday"
  | "hours_saturday"
  | "hours_sunday"
  | "hours_note"
>;

export interface BuiltMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  // Most values need no escaping: a test is far cheaper than a replace with a callback.
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]) : value;
}

/** Escaped, with line breaks kept. */
export const htmlText = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

/** A subject line from visitor text: one line, no control characters, a sane length. */
export function oneLine(value: string, max = 80): string {
  const line = value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const FONT = "font-family:Georgia,'Times New Roman',serif";
const SANS = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";

/** A mail's facts as table rows, label beside value (inside mailLayout's body). */
export function mailDetailRows(details: readonly (readonly [string, string])[]): string {
  return details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#7a6f69">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
}

/** A plain, widely supported HTML e-mail: one centred column, inline styles, no images. */
export function mailLayout(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f2ee;${SANS};color:#2b2522">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f2ee"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e7ded7">
<tr><td style="padding:28px 32px 8px"><h1 style="margin:0;${FONT};font-weight:normal;font-size:24px;line-height:1.3">${escapeHtml(title)}</h1></td></tr>
<tr><td style="padding:8px 32px 28px;font-size:15px;line-height:1.6">${body}</td></tr>
</table>
<p style="max-width:600px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#7a6f69">${footer}</p>
</td></tr></table>
</body></html>
`;
}

type Field = [label: string, value: string | null | undefined];

/** Every stored field of a submission, labelled, in reading order; empty ones left out. */
export function submissionFields(row: SubmissionFields, timeZone: string): { fields: Field[]; long: Field[] } {
  const fields: Field[] = [
    ["Form", formTypeLabel(row.form_type)],
    ["Submitted", formatSubmittedAt(row.created_at, timeZone)],
    ["Name", row.name],
    ["Email", row.email],
    ["Phone", row.phone],
    ["Service", serviceLabel(row.service ?? null)],
    ["Preferred date", formatPreferredDate(row.preferred_date ?? null)],
    ["Preferred time", row.preferred_time],
  ];
  const long: Field[] = [["Message", row.message]];
  for (const entry of detailEntries(row.details ?? null)) {
    if (!entry.value) continue;
    if (entry.value.includes("\n") || entry.value.length > 80) long.push([entry.label, entry.value]);
    else fields.push([entry.label, entry.value]);
  }
  fields.push(["Page", row.page_path]);
  const present = (f: Field) => f[1] !== null && f[1] !== undefined && f[1] !== "";
  return { fields: fields.filter(present), long: long.filter(present) };
}

function fieldsText({ fields, long }: ReturnType<typeof submissionFields>): string {
  const short = fields.map(([label, value]) => `${label}: ${value}`).join("\n");
  const paragraphs = long.map(([label, value]) => `${label}:\n${value}`).join("\n\n");
  return paragraphs ? `${short}\n\n${paragraphs}` : short;
}

function fieldsHtml({ fields, long }: ReturnType<typeof submissionFields>): string {
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;font-weight:600;white-space:nowrap;color:#7a6f69">${escapeHtml(label)}</th><td style="padding:6px 0">${htmlText(value!)}</td></tr>`,
    )
    .join("");
  const blocks = long
    .map(
      ([label, value]) =>
        `<h2 style="margin:20px 0 6px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#7a6f69">${escapeHtml(label)}</h2><p style="margin:0">${htmlText(value!)}</p>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px">${rows}</table>${blocks}`;
}

const subjectType = (formType: string) =>
  formType === "appointment_request" ? "appointment request" : formTypeLabel(formType).toLowerCase();

/** The staff notification's subject: what came in and from whom. */
export function notificationSubject(row: Pick<SubmissionFields, "form_type" | "name" | "email">): string {
  return `New ${subjectType(row.form_type)} from ${oneLine(row.name || row.email)}`;
}

/** The staff notification: every field, a link to the submission in the admin. */
export function notificationMail(
  row: SubmissionFields,
  options: { businessName: string; publicUrl: string; timeZone: string },
): BuiltMail {
  const subject = notificationSubject(row);
  const link = `${options.publicUrl}/admin/submissions/${row.id}`;
  const fields = submissionFields(row, options.timeZone);
  const text = `A new submission arrived on the ${options.businessName} website.

${fieldsText(fields)}

Open it in the admin: ${link}

Reply to this e-mail to answer the visitor directly.
`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px">A new submission arrived on the ${escapeHtml(options.businessName)} website.</p>
${fieldsHtml(fields)}
<p style="margin:28px 0 8px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#2b2522;color:#ffffff;text-decoration:none;padding:12px 22px;font-size:13px;letter-spacing:.12em;text-transform:uppercase">Open in the admin</a></p>`,
    "Reply to this e-mail to answer the visitor directly.",
  );
  return { subject, text, html };
}

/**
 * What the visitor is told they sent. Only values the forms constrain (type, date, time) are
 * repeated: the address is not verified, so echoing free text (name, message) would let anyone
 * send their own words to any inbox under the salon's name.
 */
function receivedLine(row: SubmissionFields): string {
  switch (row.form_type) {
    case "appointment_request":
      return "We have received your appointment request.";
    case "Booking": {
      const date = formatPreferredDate(row.preferred_date ?? null);
      return date && row.preferred_time
        ? `We have received your booking request for ${date} at ${row.preferred_time}.`
        : "We have received your booking request.";
    }
    case "Suite Application":
      return "We have received your suite rental application.";
    case "Newsletter":
      return "Your address is now on our mailing list.";
    default:
      return "We have received your message.";
  }
}

/** The visitor's confirmation's subject. */
export function confirmationSubject(row: Pick<SubmissionFields, "form_type">, businessName: string): string {
  return row.form_type === "Newsletter"
    ? `Thanks for subscribing to ${businessName}`
    : `We received your request — ${businessName}`;
}

/** The visitor's confirmation: what we received, the 24-hour promise, how to reach the salon. */
export function confirmationMail(row: SubmissionFields, business: Business): BuiltMail {
  const newsletter = row.form_type === "Newsletter";
  const subject = confirmationSubject(row, business.business_name);
  const intro = newsletter
    ? `Thank you for signing up with ${business.business_name}.`
    : `Thank you for contacting ${business.business_name}.`;
  const promise = newsletter
    ? "We will write now and then with salon news and seasonal specials."
    : "A member of our team will contact you within 24 hours. If your request is urgent, please call us.";
  const address = [business.address_line1, business.address_line2].filter(Boolean).join(", ");
  const cityLine = `${business.city}, ${business.state} ${business.zip}`.trim();
  const phones = [business.salon_phone, business.tel_phone].filter(Boolean);
  const hours = weeklyHours(business);
  const contactText = [
    business.business_name,
    address,
    cityLine,
    ...phones.map((p) => `Phone: ${p}`),
    `Email: ${business.email}`,
    "",
    "Hours:",
    ...hours.map((h) => `${h.label}: ${h.text}`),
    ...(business.hours_note ? [business.hours_note] : []),
  ].join("\n");
  const text = `${intro}

${receivedLine(row)} ${promise}

${contactText}

If you did not fill in a form on our website, you can ignore this e-mail.
`;
  const phoneLinks = phones
    .map((p) => `<a href="${escapeHtml(telHref(p))}" style="color:#2b2522">${escapeHtml(p)}</a>`)
    .join(" &middot; ");
  const hoursRows = hours
    .map(
      (h) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#7a6f69">${escapeHtml(h.label)}</td><td style="padding:2px 0">${escapeHtml(h.text)}</td></tr>`,
    )
    .join("");
  const html = mailLayout(
    newsletter ? "Thanks for subscribing" : "We received your request",
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px">${escapeHtml(receivedLine(row))} ${escapeHtml(promise)}</p>
<p style="margin:0 0 4px;${FONT};font-size:18px">${escapeHtml(business.business_name)}</p>
<p style="margin:0 0 12px">${escapeHtml(address)}<br>${escapeHtml(cityLine)}</p>
<p style="margin:0 0 4px">${phoneLinks}</p>
<p style="margin:0 0 16px"><a href="mailto:${escapeHtml(business.email)}" style="color:#2b2522">${escapeHtml(business.email)}</a></p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px">${hoursRows}</table>
${business.hours_note ? `<p style="margin:8px 0 0;font-size:14px;color:#7a6f69">${escapeHtml(business.hours_note)}</p>` : ""}`,
    "If you did not fill in a form on our website, you can ignore this e-mail.",
  );
  return { subject, text, html };
}
