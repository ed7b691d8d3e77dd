import type { Submission } from "~/lib/forms/submission";

const DETAIL_LABELS: Record<string, string> = {
  address: "Address",
  city: "City",
  state: "State",
  zipCode: "Zip code",
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  twitter: "Twitter",
  communicationPreference: "Communication preference",
  dateOfBirth: "Date of birth",
  professionalLicenseId: "Professional license ID",
  businessName: "Business name",
  howFoundOut: "How they found us",
  educationExperience: "Education and experience",
  servicesProvided: "Services provided",
  typicalAnnualIncome: "Typical annual income",
  suiteLeasingExperience: "Suite leasing experience",
  specialSuiteRequirements: "Special suite requirements",
  suiteSizes: "Suite sizes",
  desiredOccupancyDate: "Desired occupancy date",
};

/** The staff notification for a new submission: every field, and a link to it in the admin. */
export function notificationFor(
  submission: Submission,
  id: number,
  options: { businessName: string; adminUrl: string },
): { subject: string; text: string } {
  const name = "name" in submission ? submission.name : "";
  const subject = `New ${submission.formType === "appointment_request" ? "appointment request" : submission.formType} from ${name || submission.email}`;
  const lines: [string, string | undefined][] = [
    ["Form", submission.formType],
    ["Name", name || undefined],
    ["Email", submission.email],
  ];
  if ("phone" in submission) lines.push(["Phone", submission.phone]);
  if ("service" in submission) lines.push(["Service", submission.service]);
  if (submission.formType === "Booking") {
    lines.push(["Preferred date", submission.preferredDate], ["Preferred time", submission.preferredTime]);
  }
  if ("message" in submission) lines.push(["Message", submission.message]);
  if (submission.formType === "Suite Application") {
    for (const [key, value] of Object.entries(submission.details)) {
      const text = Array.isArray(value) ? value.join(", ") : value;
      lines.push([DETAIL_LABELS[key] ?? key, text || undefined]);
    }
  }
  const body = lines
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
  const text = `A new submission arrived on the ${options.businessName} website.\n\n${body}\n\nOpen it in the admin: ${options.adminUrl}/admin/submissions/${id}\n\nReply to this e-mail to answer the visitor directly.\n`;
  return { subject, text };
}
