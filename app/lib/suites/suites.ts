/**
 * The suites business's words, shared by the admin, /suites and the server: what a suite type
 * offers, when a unit's lease covers a day, and how rent reads (by the week or by the day).
 */

/** How a suite type is rented: by the week (suites, stations) or by the day (Daily Rentals). */
export const RENT_PERIODS = ["week", "day"] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

/** A stored period, read safely: anything but "day" is the week. */
export const rentPeriodOf = (value: string): RentPeriod => (value === "day" ? "day" : "week");

/** A kind of rental space as /suites and the application show it. */
export interface SuiteTypeSummary {
  id: number;
  slug: string;
  name: string;
  sizeLabel: string;
  rentPeriod: RentPeriod;
  /** The lowest rent of this type, in cents a week or a day (rentPeriod). */
  rentFromCents: number;
  included: string[];
  /** Units of this type without a lease covering today (the salon's date). */
  freeNow: number;
}

/** A photo of a suite type: an image of the media library (or the site's own) and its alt text. */
export interface SuitePhoto {
  src: string;
  alt: string;
}

/** A suite type as /suites shows it: the summary and its words and photos. */
export interface SuiteOffer extends SuiteTypeSummary {
  description: string;
  photos: SuitePhoto[];
}

/** Where each suite type's "Book a tour" leads (the tours route). */
export function tourHref(slug: string): string {
  return `/suites/tour?type=${encodeURIComponent(slug)}`;
}

/** A lease as stored: "YYYY-MM-DD" days in the salon's zone, both inclusive; no end is an open lease. */
export interface LeaseDays {
  lease_start: string | null;
  lease_end: string | null;
}

/** Whether the lease covers `day` ("YYYY-MM-DD"): it has begun and not yet ended. */
export function leaseCoversDay(lease: LeaseDays, day: string): boolean {
  if (!lease.lease_start || lease.lease_start > day) return false;
  return !lease.lease_end || lease.lease_end >= day;
}

/** How many units of each type no lease covers on `day`, by type id (a type without units: absent). */
export function freeUnitsByType(units: (LeaseDays & { type_id: number })[], day: string): Map<number, number> {
  const free = new Map<number, number>();
  for (const unit of units) {
    free.set(unit.type_id, (free.get(unit.type_id) ?? 0) + (leaseCoversDay(unit, day) ? 0 : 1));
  }
  return free;
}

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$275", or "$275.50" when there are cents. */
export function formatDollars(cents: number): string {
  return (cents % 100 === 0 ? DOLLARS : DOLLARS_AND_CENTS).format(cents / 100);
}

/** A rent with its period: "$275 / week", "$65 / day". */
export function rentLabel(cents: number, period: RentPeriod): string {
  return `${formatDollars(cents)} / ${period}`;
}

/** A suite type's rent as /suites leads with it: "from $275 / week", "from $65 / day". */
export function rentFromLabel(rentFromCents: number, period: RentPeriod): string {
  return `from ${rentLabel(rentFromCents, period)}`;
}

/** The free count a visitor reads on a suite type: "1 free now", "3 free now", or "Waitlist". */
export function freeNowLabel(freeNow: number): string {
  return freeNow > 0 ? `${freeNow} free now` : "Waitlist";
}
