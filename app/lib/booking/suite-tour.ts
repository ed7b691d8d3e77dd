import { z } from "zod";
import { SUITE_TYPES } from "~/content/suite-types";
import { optionalText, requiredText } from "~/lib/forms/fields";
import { bookingRequestSchema } from "./booking-request";

/**
 * The suite types a tour may be for, by their /suites slug. These are the fixed types on /suites;
 * when the suite types are edited in the admin, this list is read from there instead.
 */
export const TOUR_SUITE_TYPES: readonly { slug: string; name: string }[] = SUITE_TYPES.map((t) => ({
  slug: t.id,
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
