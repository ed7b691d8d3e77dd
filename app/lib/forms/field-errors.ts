import type { z } from "zod";

/** A form's errors as the forms show them: { field: [messages] }; "form" holds errors of the whole form. */
export type FieldErrors = Record<string, string[]>;

/** Field errors from a failed parse, nested paths joined with dots (details.zipCode). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
