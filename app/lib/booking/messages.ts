/** What the client's manage page says after an action, and its refusals. */
export const MANAGE_MESSAGES = {
  notFound: "We could not find that booking. The link may be incomplete: please use the one in your e-mail.",
  pastCutoff: "It is too close to your appointment to change it online. Please call us.",
  notActive: "This booking is no longer active.",
  cancelled: "Your booking is cancelled.",
  moved: "Your booking is moved.",
  accepted: "Thank you: your appointment is confirmed.",
  callToMove: "This booking cannot be moved online. Please call us.",
} as const;
