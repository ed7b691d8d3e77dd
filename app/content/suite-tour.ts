/**
 * The suite tour (docs/product.md, Suite tours): a 30-minute visit of the suites with the suite
 * manager, booked at /suites/tour through the booking engine like an appointment. It is not on the
 * salon's service menu; the suite manager is whoever has "Suite tours" among their services.
 */
export const SUITE_TOUR = {
  /** The booking's service id (bookings.service), never a /book/{id} page. */
  id: "suite-tour",
  title: "Suite tour",
  durationMinutes: 30,
} as const;

const TOUR_DAY = [{ opens: 10 * 60, closes: 17 * 60 }];

/**
 * The suite manager a new salon starts with: gives suite tours, weekdays 10 AM to 5 PM (within the
 * salon's opening hours). The owner renames them, changes their hours or adds an e-mail under Staff.
 */
export const SUITE_MANAGER = {
  name: "Suite Manager",
  services: [SUITE_TOUR.id],
  /** Sunday first, as every week of hours is kept. */
  hours: [[], TOUR_DAY, TOUR_DAY, TOUR_DAY, TOUR_DAY, TOUR_DAY, []],
};

export const SUITE_TOUR_PATH = "/suites/tour";

/** /suites/tour's words. */
export const SUITE_TOUR_TEXT = {
  eyebrow: "Suites · Book a tour",
  title: "Tour the suites",
  lead: "Thirty minutes with our suite manager: see the suites, ask about rent and move-in, meet the community. Free, no commitment.",
  formTitle: "Choose a time",
  formIntro:
    "A 30-minute tour with our suite manager. Pick a day and a time: it is booked at once, and we e-mail you the details with a calendar invitation.",
  backLink: "Back to the suites",
  tourHeading: "Your tour",
  specialty: "Your specialty",
  specialtyPlaceholder: "e.g. hair stylist, lash artist",
  suiteType: "Suite you are interested in",
  anySuite: "Not sure yet",
  submit: "Book tour",
  pending: "Booking...",
  noTimes: "No tour times in the next two weeks. Please call us.",
  bookedEyebrow: "Tour booked",
  bookedTitle: "Your suite tour is booked",
  requestedEyebrow: "Request received",
  requestedTitle: "Your tour time is held for you",
  manage: "View or change your tour",
  /** Shown when nobody gives tours (no suite manager): the phone is added after it. */
  unavailable: "Tours cannot be booked online right now.",
} as const;

/** How the booking notes keep what a tour's visitor told us besides their contact details. */
export const tourNotes = (specialty: string, suiteType: string) =>
  [`Specialty: ${specialty}`, suiteType ? `Interested in: ${suiteType}` : ""].filter(Boolean).join("\n");
