import { z } from "zod";
import { FACIALS_PAGE } from "~/content/facials";
import { CATEGORY_ORDER, categoryPath, SERVICE_LABELS } from "~/content/service-pages";
import { SERVICES_TEXT } from "~/content/services";
import { TREATMENTS } from "~/content/treatments";
import { DEFAULT_TIME_ZONE, localDate } from "~/lib/dates";
import { isIsoDate, latestBookableDate, TIME_SLOTS } from "./booking-rules";
import { emailField, messageField, optionalPhone, optionalText, requiredPhone, requiredText } from "./fields";

/**
 * The body of POST /api/submit-form (README, Form API) and what every public form turns into
 * before it is stored: one schema per formType, the server's authority on what is accepted.
 */
export const FORM_TYPES = ["appointment_request", "Contact", "Booking", "Suite Application", "Newsletter"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export interface ContactService {
  value: string;
  label: string;
  group: string;
}

/**
 * The contact form's service choices: every service the salon offers, read from the services
 * content — the category pages of /services (by their address) and the signature treatments (by
 * their id, the values the form has always stored). The empty choice means none.
 */
export const CONTACT_SERVICES: readonly ContactService[] = [
  ...CATEGORY_ORDER.map((type) => ({
    value: categoryPath(type).slice("/services/".length),
    label: SERVICE_LABELS[type],
    group: SERVICES_TEXT.categoriesEyebrow,
  })),
  { value: "facials", label: FACIALS_PAGE.title, group: SERVICES_TEXT.categoriesEyebrow },
  ...TREATMENTS.map((t) => ({ value: t.id, label: t.title, group: SERVICES_TEXT.treatmentsEyebrow })),
];

/** The values the server accepts for the contact form's service. */
export const CONTACT_SERVICE_VALUES = CONTACT_SERVICES.map((s) => s.value) as [string, ...string[]];

/**
 * An application's suite types, stored by name ("suiteSizes", a list): which names are accepted is
 * the suite types in the database (suiteSizesRefusal), so a type the owner adds is offered and taken;
 * the schemas only bound the list's shape, so applications stored before a rename still read.
 */
export const MAX_SUITE_SIZES = 20;
export const suiteSizeName = z.string().trim().min(1).max(100);
export const UNLISTED_SUITE_SIZE = "Choose a listed suite type";

/** The refusal when a chosen suite type is not one of `names` (the database's), else null. */
export function suiteSizesRefusal(chosen: readonly string[], names: readonly string[]): string | null {
  return chosen.every((name) => names.includes(name)) ? null : UNLISTED_SUITE_SIZE;
}
/** What a suite applicant does (the application's Specialty). */
export const SPECIALTIES = [
  "Hair stylist",
  "Barber",
  "Nail technician",
  "Esthetician",
  "Lash and brow artist",
  "Makeup artist",
  "Massage therapist",
  "Other",
] as const;
export const COMMUNICATION_PREFERENCES = ["email", "phone", "text"] as const;
export const HOW_FOUND_OUT = ["google", "social-media", "referral", "other"] as const;
export const ANNUAL_INCOME = ["under-25k", "25k-50k", "50k-75k", "75k-100k", "over-100k"] as const;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(values, { error: `Choose a valid ${label}` }).optional());

/** A booking date: a real yyyy-MM-dd, not before today in the salon's time zone, within a year. */
export function preferredDateField(timeZone: string) {
  return (
    z
      .string({ error: "Preferred date is required" })
      .trim()
      // An empty date gets one message, not "required", "YYYY-MM-DD" and "from today" at once.
      .min(1, { error: "Preferred date is required", abort: true })
      .refine(isIsoDate, "Enter the date as YYYY-MM-DD")
      .refine((d) => d >= localDate(Date.now(), timeZone), "Choose a date from today onwards")
      .refine((d) => d <= latestBookableDate(timeZone), "Choose a date within the next 12 months")
  );
}

/** An optional date of birth: a real yyyy-MM-dd before today in the salon's time zone. */
export function dateOfBirthField(timeZone: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || (isIsoDate(v) && v < localDate(Date.now(), timeZone)),
      "Enter a valid date of birth",
    );
}

export const preferredTimeField = z.enum(TIME_SLOTS, { error: "Choose a preferred time" });

/** The extra fields of a suite rental application, kept whole in the details column. */
export const SuiteDetailsSchema = z.object({
  specialty: optionalEnum(SPECIALTIES, "specialty"),
  address: optionalText("Address"),
  city: optionalText("City", 100),
  state: optionalText("State", 50),
  zipCode: z
    .string()
    .trim()
    .max(10, { error: "Enter a 5-digit zip code", abort: true })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^\d{5}(-\d{4})?$/.test(v), "Enter a 5-digit zip code"),
  instagram: optionalText("Instagram", 100),
  facebook: optionalText("Facebook", 100),
  tiktok: optionalText("TikTok", 100),
  twitter: optionalText("Twitter", 100),
  communicationPreference: optionalEnum(COMMUNICATION_PREFERENCES, "communication preference"),
  dateOfBirth: dateOfBirthField(DEFAULT_TIME_ZONE),
  professionalLicenseId: optionalText("Professional license ID", 100),
  businessName: optionalText("Business name"),
  howFoundOut: optionalEnum(HOW_FOUND_OUT, "answer"),
  educationExperience: optionalText("Education and experience", 5000, { multiline: true }),
  servicesProvided: optionalText("Services provided", 5000, { multiline: true }),
  typicalAnnualIncome: optionalEnum(ANNUAL_INCOME, "income range"),
  suiteLeasingExperience: optionalEnum(["yes", "no"] as const, "answer"),
  specialSuiteRequirements: optionalText("Special suite requirements", 5000, { multiline: true }),
  suiteSizes: z.array(suiteSizeName).max(MAX_SUITE_SIZES).default([]),
  desiredOccupancyDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), "Enter the date as YYYY-MM-DD"),
});
export type SuiteDetails = z.infer<typeof SuiteDetailsSchema>;

/** The suite application's details with "today" judged in the given zone. */
export function suiteDetailsSchema(timeZone: string) {
  return SuiteDetailsSchema.extend({ dateOfBirth: dateOfBirthField(timeZone) });
}

const AppointmentSubmission = z.object({
  formType: z.literal("appointment_request"),
  name: requiredText("Name"),
  email: emailField,
  phone: optionalPhone,
  message: messageField(),
});

/** The contact form as it posts; the stored submission is the same with its formType. */
export const ContactFormSchema = z.object({
  name: requiredText("Name"),
  email: emailField,
  phone: optionalPhone,
  service: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(CONTACT_SERVICE_VALUES, { error: "Choose a listed service" }).optional()),
  message: messageField(),
});

const ContactSubmission = z.object({ formType: z.literal("Contact"), ...ContactFormSchema.shape });

const BookingSubmission = z.object({
  formType: z.literal("Booking"),
  name: requiredText("Name"),
  email: emailField,
  phone: requiredPhone,
  service: requiredText("Service", 200),
  // Optional: a request from a page whose service is not booked online has no time.
  preferredDate: preferredDateField(DEFAULT_TIME_ZONE).optional(),
  preferredTime: preferredTimeField.optional(),
  message: messageField("Special requests"),
  agreeToTerms: z.literal(true, { error: "Please agree to the terms and cancellation policy" }),
});

const SuiteApplicationSubmission = z.object({
  formType: z.literal("Suite Application"),
  name: requiredText("Full name"),
  email: emailField,
  phone: requiredPhone,
  details: SuiteDetailsSchema,
});

const NewsletterSubmission = z.object({
  formType: z.literal("Newsletter"),
  email: emailField,
});

function buildSubmissionSchema(timeZone: string) {
  return z.discriminatedUnion(
    "formType",
    [
      AppointmentSubmission,
      ContactSubmission,
      BookingSubmission.extend({ preferredDate: preferredDateField(timeZone).optional() }),
      SuiteApplicationSubmission.extend({ details: suiteDetailsSchema(timeZone) }),
      NewsletterSubmission,
    ],
    { error: `formType must be one of: ${FORM_TYPES.join(", ")}` },
  );
}

const schemas = new Map<string, ReturnType<typeof buildSubmissionSchema>>();

/** What the server accepts, with "today" judged in the salon's time zone (the site setting). */
export function submissionSchema(timeZone: string) {
  let schema = schemas.get(timeZone);
  if (!schema) schemas.set(timeZone, (schema = buildSubmissionSchema(timeZone)));
  return schema;
}

/** The schema in the default time zone (tests and fixtures); the server uses submissionSchema(zone). */
export const SubmissionSchema = submissionSchema(DEFAULT_TIME_ZONE);
export type Submission = z.infer<typeof SubmissionSchema>;
export type SubmissionInput = z.input<typeof SubmissionSchema>;
