/** What the client's manage page says after an action, and its refusals. */
export const MANAGE_MESSAGES = {
  notFound: "We could not find that booking. The link may be incomplete: please use the one in your e-mail.",
  pastCutoff: "It is too close to your appointment to change it online. Please call us.",
  notActive: "This booking is no longer active.",
  cancelled: "Your booking is cancelled.",
  moved: "Your booking is moved.",
  accepted: "Thank you: your appointment is confirmed.",
  callToMove: "This booking cannot be moved online. Please call us.",
  sameTime: "That is your appointment's time already. Choose another time to move it.",
  proposalDeclined: "You declined the proposed time. Your booking is cancelled.",
  notProposed: "There is no proposed time to answer: the booking has changed meanwhile.",
  proposalPast: "The proposed time has passed. Please call us or book another time.",
} as const;

/** The reason an expired booking carries: whose answer did not come in time. */
export const LAPSE_REASONS = {
  request: "Not answered in time",
  proposal: "The proposed time was not answered in time",
} as const;

/**
 * What a visitor reads instead of free times when nobody active does the service (the salon has
 * staff, none of them for it): the page, the availability answer and a refused booking say it.
 */
export function notBookableOnline(service: string, phone: string): string {
  const call = phone.trim() ? `Call us at ${phone.trim()}.` : "Please call us.";
  return `Online booking for ${service} is not available right now. ${call}`;
}
