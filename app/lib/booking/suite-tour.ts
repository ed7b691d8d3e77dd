import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields";
import { bookingRequestSchema } from "./booking-request";

/** A suite type a tour may be for: its /suites web name and its name (the rows of Admin › Suites). */
export interface TourSuiteType {
  slug: string;
  name: string;
}

/** The suite type a `?type=` (or posted) slug names among `types`, or null. */
export const tourSuiteType = (types: readonly TourSuiteType[], slug: string | null | undefined) =>
  types.find((t) => t.slug === slug) ?? null;

export const UNLISTED_TOUR_SUITE = "Choose a suite from the list, or “Not sure yet”";

/**
 * A suite tour as /suites/tour posts it (and POST /api/bookings takes it, with `service`
 * "suite-tour"): a free time, the visitor's contact details and their specialty, and the suite type
 * they are interested in (optional). No cancellation policy to agree to: a tour costs nothing. The
 * form's field rules come from this shape; the server checks the suite type with suiteTourSchemaFor.
 */
export const suiteTourSchema = bookingRequestSchema
  .pick({ start: true, firstName: true, lastName: true, email: true, phone: true })
  .extend({
    specialty: requiredText("Your specialty", 100),
    suiteType: optionalText("Suite", 100),
  });

/** The tour as the server accepts it: its suite type, if any, one of `types` (the database's). */
export function suiteTourSchemaFor(types: readonly TourSuiteType[]) {
  return suiteTourSchema.extend({
    suiteType: suiteTourSchema.shape.suiteType.refine(
      (v) => !v || tourSuiteType(types, v) !== null,
      UNLISTED_TOUR_SUITE,
    ),
  });
}

export type SuiteTourRequest = z.output<typeof suiteTourSchema>;
