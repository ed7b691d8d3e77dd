/** The hidden field people never see and bots fill in. A filled one marks the submission as spam. */
export const HONEYPOT_FIELD = "website";
