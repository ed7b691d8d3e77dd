import { z } from "zod";
import { DEFAULT_SUITE_TYPES } from "~/content/suite-types";
import { optionalText, requiredText } from "~/lib/forms/fields";
import { bookingRequestSchema } from "./booking-request";

/**
 * The suite types a tour may be for, by their /suites web name: the types a new install starts with.
 * A type the owner adds in Admin › Suites is not offered here yet (the tour page's choice is static).
 */
export const TOUR_SUITE_TYPES: readonly { slug: string; name: string }[] = DEFAULT_SUITE_TYPES.map((t) => ({
  slug: t.slug,
  name: t.name,
}));

/** The suite type a `?type=` slug names, or null. */
export const tourSuiteType = (slug: string | null | undefined) => TOUR_SUITE_TYPES.find((t) => t.slug === slug) ?? null;

/**
 * A suite tour as /suites/tour posts it: a free time, the visitor's contact details and their
 * specialty, and the suite type they are interested in (optional). No cancellation policy to agree
 * to: a tour costs nothing.
 */
export const suiteTourSchema = bookingRequestSchema
  .pick({ start: true, firstName: true, lastName: true, email: true, phone: true })
  .extend({
    specialty: requiredText("Your specialty", 100),
    suiteType: optionalText("Suite", 100).refine(
      (v) => !v || tourSuiteType(v) !== null,
      "Choose a suite from the list, or “Not sure yet”",
    ),
  });

export type SuiteTourRequest = z.output<typeof suiteTourSchema>;
