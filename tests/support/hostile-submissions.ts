/**
 * One submission of each form type with an injection payload in every field a visitor controls
 * (fields, page path, UTM, Referer, User-Agent, suite details), posted to a running server's
 * /api/submit-form. Shared by the HTTP test of the CSV export and the browser test of the inbox.
 */
import { XSS_PAYLOADS } from "./xss-payloads";
import { dayFromToday } from "./dates";

/** The payload at position i, wrapping around (negative i too). */
export const pick = (i: number) =>
  XSS_PAYLOADS[((i % XSS_PAYLOADS.length) + XSS_PAYLOADS.length) % XSS_PAYLOADS.length];

export interface HostileSubmission {
  formType: string;
  /** The server's answer: 200 and an id when it was stored. */
  status: number;
  text: string;
  id: number;
}

/** Posts the hostile submissions; `tag` goes into a name or e-mail of each, to find them again. */
export async function postHostileSubmissions(base: string, tag: string): Promise<HostileSubmission[]> {
  const source = (i: number) => ({
    pagePath: `/contact${pick(i)}`.slice(0, 400),
    utm: { utm_source: pick(i + 1), utm_campaign: '=HYPERLINK("https://evil.example")', utm_medium: pick(i + 2) },
  });
  const headers = (i: number) => ({
    Referer: i % 2 ? "javascript:alert(1)//" : `https://ref.example/${encodeURIComponent(pick(i))}`,
    "User-Agent": pick(i + 3),
  });
  const message = XSS_PAYLOADS.join("\n");
  const details: Record<string, unknown> = {
    address: pick(1),
    city: pick(2).slice(0, 100),
    state: "<b onclick=alert(1)>",
    zipCode: "77002",
    instagram: "javascript:alert(1)",
    facebook: '"><img src=x onerror=alert(1)>',
    tiktok: "=cmd|' /C calc'!A0",
    twitter: "@SUM(1+1)",
    communicationPreference: "text",
    professionalLicenseId: "-2+3",
    businessName: `${pick(7)} ${tag}`.slice(0, 200),
    howFoundOut: "other",
    educationExperience: message,
    servicesProvided: `=HYPERLINK("https://evil.example","x") ${pick(0)}`,
    typicalAnnualIncome: "50k-75k",
    suiteLeasingExperience: "yes",
    specialSuiteRequirements: message,
    suiteSizes: ["Small Suites"],
    desiredOccupancyDate: dayFromToday(30),
  };
  const bodies: Record<string, unknown>[] = [
    {
      formType: "Contact",
      name: `${pick(0)} ${tag}`,
      email: `-2+3-${tag}@example.com`,
      phone: "+1 (713) 555-0100",
      service: "facial",
      message,
    },
    {
      formType: "appointment_request",
      name: `${pick(1)} ${tag}`,
      email: `+sum-${tag}@example.com`,
      phone: "-713-555-0100",
      message: `=1+1 ${message}`,
    },
    {
      formType: "Booking",
      name: `@SUM(1+1) ${pick(2)} ${tag}`,
      email: `book-${tag}@example.com`,
      phone: "+1 713 555 0100",
      service: `${pick(7)} ${pick(1)}`.slice(0, 200),
      // No preferred date or time: they are checked values, never a payload, and a server whose
      // opening hours hold payloads is closed every day, so it would refuse any date.
      message: `+${message}`,
      agreeToTerms: true,
    },
    { formType: "Newsletter", email: `-news-${tag}@example.com` },
    {
      formType: "Suite Application",
      name: `=1+2 ${pick(9)} ${tag}`,
      email: `suite-${tag}@example.com`,
      phone: "+1 713 555 0100",
      details,
    },
  ];
  const created: HostileSubmission[] = [];
  for (const [i, body] of bodies.entries()) {
    const response = await fetch(`${base}/api/submit-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, ...headers(i) },
      body: JSON.stringify({ ...body, ...source(i) }),
    });
    const text = await response.text();
    const id = response.status === 200 ? (JSON.parse(text) as { id: number }).id : Number.NaN;
    created.push({ formType: String(body.formType), status: response.status, text, id });
  }
  return created;
}
