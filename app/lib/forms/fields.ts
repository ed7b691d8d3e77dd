import { z } from "zod";
import { cleanString, type CleanTextOptions } from "./clean-text";

/**
 * Field rules shared by every public form (and the front desk's). Limits keep one submission to a
 * sane size; text is cleaned (clean-text.ts) before it is measured and stored.
 */
export const requiredText = (label: string, max = 200, options: CleanTextOptions = {}) =>
  cleanString(label, { ...options, required: `${label} is required` }).pipe(
    z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  );

export const optionalText = (label: string, max = 200, options: CleanTextOptions = {}) =>
  cleanString(label, options)
    .pipe(z.string().trim().max(max, `${label} must be at most ${max} characters`))
    .optional()
    .transform((v) => (v ? v : undefined));

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}$/;
/** The pattern's own longest match ("+" and 25 more), as a max the form fields can read. */
const PHONE_MAX = 26;
const phoneTooLong = { error: "Enter a valid phone number", abort: true } as const;

export const requiredPhone = z
  .string({ error: "Phone is required" })
  .trim()
  // An empty phone gets one message, not "required" and "invalid" at once.
  .min(1, { error: "Phone is required", abort: true })
  .max(PHONE_MAX, phoneTooLong)
  .regex(PHONE_PATTERN, "Enter a valid phone number");

export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().max(PHONE_MAX, phoneTooLong).regex(PHONE_PATTERN, "Enter a valid phone number").optional());

export const messageField = (label = "Message") => optionalText(label, 5000, { multiline: true });
