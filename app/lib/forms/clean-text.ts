import { z } from "zod";

/**
 * Text typed by someone else (a client's name, a note, a header we keep), as it is stored: the same
 * on SQLite and PostgreSQL, whose text cannot hold a NUL.
 *
 * - control characters go (C0 but tab, line feed and carriage return; DEL; C1), NUL among them;
 * - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) go: they reorder what
 *   follows them, so "Ada\u202Egnp.exe" would show as "Adaexe.png";
 * - in a single line, tabs and line breaks become a space;
 * - half of a character (a lone UTF-16 surrogate) becomes U+FFFD, as a browser sends it; fields
 *   refuse it first (`cleanString`), so this only shows in text no one is asked to correct;
 * - the result is in Unicode NFC, so the same name typed on two keyboards is the same text.
 */
const CONTROLS_AND_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g;
// With the u flag a pair is one code point; only a surrogate without its other half is \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

export interface CleanTextOptions {
  /** Keep tabs and line breaks (a message, notes); otherwise they become spaces. */
  multiline?: boolean;
}

export function cleanText(text: string, options: CleanTextOptions = {}): string {
  let clean = text.replace(LONE_SURROGATES, "\uFFFD").replace(CONTROLS_AND_BIDI, "");
  if (!options.multiline) clean = clean.replace(LINE_BREAKS, " ");
  return clean.normalize("NFC");
}

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export const brokenCharacterMessage = (label: string) => `${label} has a broken character in it. Please type it again.`;

/**
 * A text field's string, cleaned (`cleanText`) before its own rules run; refused with a message
 * when it holds half of a character, which no keyboard types (only a hand-made JSON body can).
 */
export function cleanString(label: string, options: CleanTextOptions & { required?: string } = {}) {
  return z
    .string({ error: options.required })
    .refine((text) => !hasLoneSurrogate(text), brokenCharacterMessage(label))
    .transform((text) => cleanText(text, options));
}
