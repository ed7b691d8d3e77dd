import type { z } from "zod";
import { bookingServiceFor } from "~/content/bookings";
import { SERVICE_LABELS } from "~/content/service-pages";
import { requestOptionNames } from "~/lib/booking/service-options";
import type { ServiceType } from "~/content/page-ids";
import { SERVICE_TYPES } from "~/lib/content-rules";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { BookingServiceKey, PublicFormReply } from "~/lib/forms/public-form-types";
import {
  APPOINTMENT_REQUIRED_MESSAGE,
  appointmentSubmission,
  AppointmentFormSchema,
  bookingFormSchema,
  bookingSubmission,
  ContactFormSchema,
  contactSubmission,
  suiteApplicationFormSchema,
  suiteApplicationSubmission,
} from "~/lib/forms/public-forms";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import type { SubmissionInput } from "~/lib/forms/submission";
import type { ContentService } from "../content/content.server";
import type { RequestInfo } from "../http/request-info";
import { suiteTypeChoices } from "../suites/suite-types.server";
import { INVALID_MESSAGE, submitForm, utmFrom, type FormServiceDeps } from "./submit-form.server";

/** What a public form needs of the server's services. */
type FormServices = { content: ContentService; forms: FormServiceDeps };

export const PUBLIC_FORM_NAMES = ["appointment", "contact", "booking", "suite-application"] as const;
export type PublicFormName = (typeof PUBLIC_FORM_NAMES)[number];

export function isPublicFormName(value: string): value is PublicFormName {
  return (PUBLIC_FORM_NAMES as readonly string[]).includes(value);
}

export function isBookingServiceKey(value: string): value is BookingServiceKey {
  return value === "facials" || (SERVICE_TYPES as readonly string[]).includes(value);
}

/** A booking request's service title and option list, as the page shows them. */
async function bookingService(services: FormServices, key: ServiceType) {
  const page = await services.content.getPage(`service-${key}`);
  return { title: SERVICE_LABELS[key], options: requestOptionNames(page.service_options) };
}

interface FormDefinition {
  schema: z.ZodType;
  toSubmission: (data: never) => SubmissionInput;
  invalidMessage?: (fieldErrors: Record<string, string[]>) => string | undefined;
  /** Extra reply fields on success (the booking toast names the service). */
  service?: string;
}

async function definitionFor(
  services: FormServices,
  name: PublicFormName,
  values: Record<string, string | string[]>,
): Promise<FormDefinition | { error: string }> {
  const { timeZone } = await services.content.getSettings();
  switch (name) {
    case "appointment":
      return {
        schema: AppointmentFormSchema,
        toSubmission: appointmentSubmission,
        invalidMessage: (errors) =>
          errors.firstName || errors.lastName || (errors.email && !values.email)
            ? APPOINTMENT_REQUIRED_MESSAGE
            : undefined,
      };
    case "contact":
      return { schema: ContactFormSchema, toSubmission: contactSubmission };
    case "suite-application": {
      const names = (await suiteTypeChoices(services.forms.db)).map((type) => type.name);
      return { schema: suiteApplicationFormSchema(timeZone, names), toSubmission: suiteApplicationSubmission };
    }
    case "booking": {
      const key = String(values.serviceKey ?? "");
      if (!isBookingServiceKey(key)) return { error: "Unknown service." };
      // A service booked online takes a real free time on its page, never a request without one.
      if (key === "facials" || bookingServiceFor(key))
        return { error: "This service is booked online: choose a free time on its page." };
      const { title, options } = await bookingService(services, key);
      return {
        schema: bookingFormSchema(options),
        toSubmission: (data: never) => bookingSubmission(data, title),
        service: title,
      };
    }
  }
}

/** Every value of a form as strings; a name used more than once (checkbox groups) becomes a list. */
export function formValues(form: FormData, multi: string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === HONEYPOT_FIELD || key.startsWith("_")) continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = multi.includes(key) ? all : (all[0] ?? "");
  }
  for (const key of multi) out[key] ??= [];
  return out;
}

/**
 * Handles a public form post: validate the page's fields with its schema, turn them into a
 * submission, store it through submitForm (rate limit, row, notification) and reply. Page actions
 * (no JavaScript) and /api/forms/{name} (enhanced forms) both come here.
 */
export async function handlePublicForm(
  services: FormServices,
  requestInfo: RequestInfo,
  request: Request,
  name: PublicFormName,
): Promise<{ status: number; reply: PublicFormReply; headers?: Record<string, string> }> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Not a form body (another content type, a broken multipart): a bad request, not a crash.
    return { status: 400, reply: { ok: false, message: INVALID_MESSAGE, fieldErrors: {}, values: {} } };
  }
  const multi = name === "suite-application" ? ["suiteSizes"] : [];
  const values = formValues(formData, multi);
  const definition = await definitionFor(services, name, values);
  if ("error" in definition) {
    return { status: 400, reply: { ok: false, message: definition.error, fieldErrors: {}, values } };
  }
  const parsed = definition.schema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const message = definition.invalidMessage?.(fieldErrors) ?? INVALID_MESSAGE;
    return { status: 400, reply: { ok: false, message, fieldErrors, values } };
  }
  const url = new URL(request.url);
  const referrer = request.headers.get("referer");
  const refererUrl = referrer ? safeUrl(referrer) : undefined;
  const result = await submitForm(services.forms, definition.toSubmission(parsed.data as never), {
    clientIp: requestInfo.clientIp,
    userAgent: request.headers.get("user-agent"),
    // An enhanced form posts to the API: the page it was on is the referrer's path.
    pagePath: url.pathname.startsWith("/api/") ? (refererUrl?.pathname ?? null) : url.pathname,
    referrer,
    utm: { ...utmFrom(refererUrl?.searchParams), ...utmFrom(url.searchParams) },
    honeypot: String(formData.get(HONEYPOT_FIELD) ?? ""),
  });
  if (result.ok) return { status: 200, reply: { ok: true, id: result.id, service: definition.service } };
  if (result.status === 429) {
    return {
      status: 429,
      reply: { ok: false, message: result.error, fieldErrors: {}, values },
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    };
  }
  return { status: 400, reply: { ok: false, message: result.error, fieldErrors: result.fieldErrors, values } };
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
