import { z } from "zod";
import { jsonArray } from "~/content/json";
import type { Processing } from "./parts";

/**
 * A service's bookable options with their length and price. The service pages keep them as JSON
 * in their content (`service_options`); older content holds plain names, which read with
 * OPTION_DEFAULTS.
 */
export interface ServiceOption {
  name: string;
  durationMinutes: number;
  /** As shown, e.g. "$150"; may be empty. */
  price: string;
  /** A colour's processing: the person is free for another client meanwhile (the client stays). */
  processing?: Processing;
}

/** What an option without a length or price of its own reads with: an hour, no price shown. */
export const OPTION_DEFAULTS: Omit<ServiceOption, "name"> = { durationMinutes: 60, price: "" };

export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 12 * 60;

function isDuration(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= MIN_DURATION_MINUTES &&
    value <= MAX_DURATION_MINUTES
  );
}

/** Work before processing, processing and the finish after it: whole minutes, each at least 5. */
function processingFits(length: number, afterMinutes: unknown, minutes: unknown): minutes is number {
  return (
    typeof afterMinutes === "number" &&
    typeof minutes === "number" &&
    Number.isInteger(afterMinutes) &&
    Number.isInteger(minutes) &&
    afterMinutes >= MIN_DURATION_MINUTES &&
    minutes >= MIN_DURATION_MINUTES &&
    length - afterMinutes - minutes >= MIN_DURATION_MINUTES
  );
}

/** Reads the stored JSON; anything unreadable is left out so the page still renders. */
export function parseServiceOptionList(value: string, defaults: Omit<ServiceOption, "name">): ServiceOption[] {
  const options: ServiceOption[] = [];
  for (const item of jsonArray(value)) {
    if (typeof item === "string") {
      if (item.trim()) options.push({ name: item, ...defaults });
    } else if (item && typeof item === "object" && typeof (item as { name?: unknown }).name === "string") {
      const { name, durationMinutes, price, processing } = item as {
        name: string;
        durationMinutes?: unknown;
        price?: unknown;
        processing?: { afterMinutes?: unknown; minutes?: unknown };
      };
      if (!name.trim()) continue;
      const length = isDuration(durationMinutes) ? durationMinutes : defaults.durationMinutes;
      const after = processing?.afterMinutes;
      const minutes = processing?.minutes;
      options.push({
        name,
        durationMinutes: length,
        price: typeof price === "string" ? price : defaults.price,
        ...(processingFits(length, after, minutes) ? { processing: { afterMinutes: after as number, minutes } } : {}),
      });
    }
  }
  return options;
}

/** A service page's option list (its `service_options`), as booking and every price on the site read it. */
export function readServiceOptions(value: string): ServiceOption[] {
  return parseServiceOptionList(value, OPTION_DEFAULTS);
}

/** The longest price text, e.g. "$150+" or "from $80". */
export const PRICE_MAX = 40;

/** One option's row as the service editor posts it (length and price absent from older forms). */
export interface ServiceOptionRow {
  name: string;
  durationMinutes?: string;
  price?: string;
  /** Minutes of work before processing and of processing; both empty: none. */
  processingAfterMinutes?: string;
  processingMinutes?: string;
}

const quoted = (name: string, index: number) => (name ? `“${name}”` : `Option ${index + 1}`);

/**
 * The server's check of a service's option list: names required and unique (ignoring case and
 * spacing), lengths whole minutes from 5 to 720, prices short. A row without a length or a price
 * (a form that does not edit them) takes the service's default.
 */
export function serviceOptionListSchema(
  defaults: Omit<ServiceOption, "name">,
  limits: { nameMax: number; count: number },
) {
  return z
    .array(
      z.object({
        name: z.string(),
        durationMinutes: z.string().optional(),
        price: z.string().optional(),
        processingAfterMinutes: z.string().optional(),
        processingMinutes: z.string().optional(),
      }),
      { error: "The option list is missing from the form" },
    )
    .transform((rows, ctx) => {
      let failed = false;
      const fail = (message: string) => {
        failed = true;
        ctx.addIssue({ code: "custom", message });
      };
      const options: ServiceOption[] = [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const name = row.name.replace(/\s+/g, " ").trim();
        const label = quoted(name, index);
        if (!name) fail(`Option ${index + 1} needs a name`);
        else if (name.length > limits.nameMax)
          fail(`${label}: keep each option under ${limits.nameMax + 1} characters`);
        else if (seen.has(name.toLowerCase())) fail(`${label} is listed twice: option names must be unique`);
        seen.add(name.toLowerCase());
        let durationMinutes = defaults.durationMinutes;
        if (row.durationMinutes !== undefined) {
          const text = row.durationMinutes.trim();
          durationMinutes = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
          if (!isDuration(durationMinutes))
            fail(`${label}: give the length as whole minutes from ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}`);
        }
        const price = (row.price ?? defaults.price).replace(/\s+/g, " ").trim();
        if (price.length > PRICE_MAX) fail(`${label}: keep the price to ${PRICE_MAX} characters or fewer`);
        const after = (row.processingAfterMinutes ?? "").trim();
        const processes = (row.processingMinutes ?? "").trim();
        let processing: Processing | undefined;
        if (after || processes) {
          const [a, p] = [after, processes].map((t) => (/^\d{1,4}$/.test(t) ? Number(t) : Number.NaN));
          if (processingFits(durationMinutes, a, p)) processing = { afterMinutes: a, minutes: p };
          else
            fail(
              `${label}: give the work before processing and the processing as whole minutes, each at least ${MIN_DURATION_MINUTES}, leaving at least ${MIN_DURATION_MINUTES} minutes to finish within the length`,
            );
        }
        options.push({ name, durationMinutes, price, ...(processing ? { processing } : {}) });
      });
      if (rows.length > limits.count) fail(`Keep the list to ${limits.count} options or fewer`);
      return failed ? z.NEVER : options;
    });
}

/**
 * The stored JSON of an option list. A list whose every length and price is the service's default
 * is stored as plain names, the form the built-in content has: saving it unchanged then keeps no
 * override, and a later change of the defaults still reaches the page.
 */
export function encodeServiceOptions(options: ServiceOption[], defaults: Omit<ServiceOption, "name">): string {
  const plain = options.every(
    (o) => o.durationMinutes === defaults.durationMinutes && o.price === defaults.price && !o.processing,
  );
  return JSON.stringify(
    plain
      ? options.map((o) => o.name)
      : options.map(({ name, durationMinutes, price, processing }) => ({
          name,
          durationMinutes,
          price,
          ...(processing ? { processing } : {}),
        })),
  );
}

/** The option names of a service booked by request (no lengths or prices needed). */
export function requestOptionNames(value: string): string[] {
  return parseServiceOptionList(value, { durationMinutes: 60, price: "" }).map((o) => o.name);
}
