import { z } from "zod";
import { parseServiceOptions } from "~/content/service-pages";
import {
  encodeServiceOptions,
  MIN_DURATION_MINUTES,
  parseServiceOptionList,
  serviceOptionListSchema,
  type ServiceOptionRow,
} from "~/lib/booking/service-options";
import { editorFields } from "./helpers";
import { SERVICE_OPTIONS_LIMIT } from "./service";
import type { EditorDef, FieldDef, FieldKind } from "./types";

/** Hosts whose embed pages the contact map may show (the CSP's frame-src allows the same). */
export const MAP_EMBED_HOSTS = ["www.google.com", "maps.google.com"] as const;

const DEFAULT_MAX: Record<FieldKind, number> = {
  text: 200,
  textarea: 2000,
  html: 300,
  image: 1000,
  phone: 30,
  email: 200,
  "map-url": 2000,
  options: 100,
};

export const maxLengthOf = (field: FieldDef) => field.max ?? DEFAULT_MAX[field.kind];

const PHONE = /^\+?[\d\s().-]{7,25}$/;

/** A path on this site (/images/…, /media/…) or an https:// link; never a data: URL or a script. */
export function isImageRef(value: string): boolean {
  if (value.startsWith("/")) {
    return !value.startsWith("//") && !value.includes("..") && /^\/[\w\-./~%+@]*(\?[\w\-.=&%+]*)?$/.test(value);
  }
  return isHttpsUrl(value);
}

function isHttpsUrl(value: string): boolean {
  if (/[\s"'<>\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function isMapEmbedUrl(value: string): boolean {
  if (!isHttpsUrl(value)) return false;
  const url = new URL(value);
  return (MAP_EMBED_HOSTS as readonly string[]).includes(url.hostname) && url.pathname.startsWith("/maps");
}

/** Trimmed, blank entries dropped, duplicates kept once (the first), in the given order. */
export function normalizeOptions(options: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of options) {
    const option = raw.replace(/\s+/g, " ").trim();
    if (!option || seen.has(option.toLowerCase())) continue;
    seen.add(option.toLowerCase());
    out.push(option);
  }
  return out;
}

const optionRowSchema = z.object({
  name: z.string(),
  durationMinutes: z.string().optional(),
  price: z.string().optional(),
  processingAfterMinutes: z.string().optional(),
  processingMinutes: z.string().optional(),
});

/** An option list's form entries: `key` (names), `key.duration` and `key.price` (absent from older forms). */
export function readOptionRows(form: Pick<FormData, "getAll">, key: string): ServiceOptionRow[] {
  const names = form.getAll(key).map(String);
  const durations = form.getAll(`${key}.duration`).map(String);
  const prices = form.getAll(`${key}.price`).map(String);
  const afters = form.getAll(`${key}.processingAfter`).map(String);
  const processings = form.getAll(`${key}.processing`).map(String);
  return names.map((name, i) => ({
    name,
    ...(durations.length ? { durationMinutes: durations[i] ?? "" } : {}),
    ...(prices.length ? { price: prices[i] ?? "" } : {}),
    ...(afters.length ? { processingAfterMinutes: afters[i] ?? "" } : {}),
    ...(processings.length ? { processingMinutes: processings[i] ?? "" } : {}),
  }));
}

/** The stored form of an options field's value, for comparing what the form holds with what was loaded. */
export function canonicalOptions(field: FieldDef, rows: ServiceOptionRow[]): string | null {
  const parsed = fieldSchema(field).safeParse(rows);
  return parsed.success ? parsed.data : null;
}

/** The rows a stored options value shows as (both stored forms; lengths and prices only with defaults). */
export function storedOptionRows(field: FieldDef, value: string): ServiceOptionRow[] {
  if (!field.optionDefaults) return parseServiceOptions(value).map((name) => ({ name }));
  return parseServiceOptionList(value, field.optionDefaults).map((o) => ({
    name: o.name,
    durationMinutes: String(o.durationMinutes),
    price: o.price,
    ...(o.processing
      ? { processingAfterMinutes: String(o.processing.afterMinutes), processingMinutes: String(o.processing.minutes) }
      : {}),
  }));
}

/** Line breaks as the browser's textarea reports them (a submitted form sends CRLF). */
export const normalizeText = (value: string) => value.replace(/\r\n?/g, "\n").trim();

function fieldSchema(field: FieldDef): z.ZodType<string> {
  const max = maxLengthOf(field);
  const missing = { error: `${field.label} is missing from the form` };
  if (field.kind === "options") {
    const defaults = field.optionDefaults ?? { durationMinutes: MIN_DURATION_MINUTES, price: "" };
    return z
      .array(optionRowSchema, missing)
      .pipe(serviceOptionListSchema(defaults, { nameMax: max, count: SERVICE_OPTIONS_LIMIT }))
      .transform((list) =>
        field.optionDefaults
          ? encodeServiceOptions(list, field.optionDefaults)
          : JSON.stringify(list.map((o) => o.name)),
      );
  }
  return z
    .string(missing)
    .transform(normalizeText)
    .pipe(
      z
        .string()
        .max(max, `${field.label} can have at most ${max} characters`)
        .refine((v) => !field.required || v.length > 0, `${field.label} is required`)
        .refine((v) => !v || !field.pattern || field.pattern.regex.test(v), field.pattern?.message ?? "")
        .refine(
          (v) => !v || field.kind !== "image" || isImageRef(v),
          "Enter a path starting with / or a full https:// link",
        )
        .refine((v) => !v || field.kind !== "phone" || PHONE.test(v), "Enter a valid phone number")
        .refine((v) => !v || field.kind !== "email" || z.email().safeParse(v).success, "Enter a valid email address")
        .refine(
          (v) => !v || field.kind !== "map-url" || isMapEmbedUrl(v),
          "Use an https:// embed link from Google Maps (www.google.com/maps/embed…), or leave it empty",
        ),
    );
}

/** The raw values of an editor's fields in a submitted form (options are repeated entries). */
export function readEditorForm(def: EditorDef, form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of editorFields(def)) {
    if (field.kind === "options") raw[field.key] = readOptionRows(form, field.key);
    else {
      const value = form.get(field.key);
      raw[field.key] = typeof value === "string" ? value : undefined;
    }
  }
  return raw;
}

export type EditorValidation =
  { success: true; values: Record<string, string> } | { success: false; fieldErrors: Record<string, string[]> };

/** The server's authority on an editor's values: every key present, lengths and shapes right. */
export function validateEditorValues(def: EditorDef, raw: Record<string, unknown>): EditorValidation {
  const shape = Object.fromEntries(editorFields(def).map((f) => [f.key, fieldSchema(f)]));
  const parsed = z.object(shape).safeParse(raw);
  if (parsed.success) return { success: true, values: parsed.data as Record<string, string> };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return { success: false, fieldErrors };
}
