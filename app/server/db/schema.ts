import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { BookingSource, BookingStatus } from "~/lib/booking/model";
import type { ContentType } from "~/lib/content-rules";
import type { SubmissionStatus } from "~/lib/submissions";
import type { ApplicantEventKind, ApplicantStage } from "~/lib/applicants/pipeline";
import type { RentPeriod } from "~/lib/suites/suites";

export type { ApplicantEventKind, ApplicantStage, BookingSource, BookingStatus, ContentType, SubmissionStatus };

/**
 * Every table of the product. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers on
 * both SQLite and PostgreSQL, so rows look the same whichever database runs underneath.
 */
export interface Database {
  app_meta: AppMetaTable;
  site_content: SiteContentTable;
  hero_slides: HeroSlidesTable;
  form_submissions: FormSubmissionsTable;
  submission_replies: SubmissionRepliesTable;
  applicant_events: ApplicantEventsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  password_links: PasswordLinksTable;
  recovery_codes: RecoveryCodesTable;
  site_images: SiteImagesTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  login_attempts: LoginAttemptsTable;
  failed_sign_ins: FailedSignInsTable;
  settings: SettingsTable;
  rate_limits: RateLimitsTable;
  staff: StaffTable;
  booking_closures: BookingClosuresTable;
  booking_resources: BookingResourcesTable;
  bookings: BookingsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  clients: ClientsTable;
  client_words: ClientWordsTable;
  content_drafts: ContentDraftsTable;
  content_versions: ContentVersionsTable;
  suite_types: SuiteTypesTable;
  suite_units: SuiteUnitsTable;
}

/** A kind of rental space on /suites. `included` and `photos` are JSON lists of text (migrations/0027). */
export interface SuiteTypesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  size_label: string;
  /** Whether rents of this type are by the week or by the day (migrations/0029). */
  rent_period: Generated<RentPeriod>;
  rent_from_cents: number;
  included: string;
  photos: string;
  description: string;
  display_order: number;
  created_at: string;
  updated_at: string;
}

/**
 * A rentable unit and its current lease: the days lease_start to lease_end (null: open), inclusive.
 * `rent_cents` is the lease's rent in its type's period (a week, or a day).
 */
export interface SuiteUnitsTable {
  id: Generated<number>;
  type_id: number;
  name: string;
  lessee_name: Generated<string>;
  lessee_email: Generated<string>;
  lessee_phone: Generated<string>;
  lessee_specialty: Generated<string>;
  lease_start: string | null;
  lease_end: string | null;
  rent_cents: number | null;
  created_at: string;
  updated_at: string;
}

/** Someone who takes appointments. `services` and `hours` are JSON (see migrations/0008_bookings). */
export interface StaffTable {
  id: Generated<number>;
  name: string;
  photo_url: Generated<string>;
  services: Generated<string>;
  hours: Generated<string>;
  is_active: Generated<number>;
  display_order: Generated<number>;
  calendar_token: string;
  /** Where they are told of their appointments; empty: not told (migrations/0010). */
  email: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** Dates the salon takes no bookings (holidays), both ends inclusive, "YYYY-MM-DD". */
export interface BookingClosuresTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  label: string;
  created_at: string;
}

/** One row per bookable resource, locked while a booking for it is checked and written. */
export interface BookingResourcesTable {
  key: string;
}

export type BookingKind = "appointment" | "block";

export interface BookingsTable {
  id: Generated<number>;
  kind: BookingKind;
  resource: string;
  staff_id: number | null;
  service: string;
  option_name: string;
  duration_minutes: number;
  price: string;
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  requested_starts_at: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notes: string;
  reason: string;
  /** Random and unique: the client's manage link carries it (manage-link.server.ts). */
  manage_key: string;
  source: BookingSource;
  /** The client's e-mail and phone as the cap on upcoming bookings compares them (contact-keys). */
  email_key: Generated<string>;
  phone_key: Generated<string>;
  reminder_sent_at: string | null;
  /** Raised by every change a calendar sees (time, status): the calendar event's SEQUENCE. */
  sequence: Generated<number>;
  /** 1 once an invitation went to the client: their calendar holds the event. */
  client_calendar_sent: Generated<number>;
  /** 1 once an invitation went to the salon (notification address, person booked). */
  salon_calendar_sent: Generated<number>;
  /** The updated_at of the request the salon was told would lapse soon (told once per request). */
  lapse_warned_for: string | null;
  /** JSON BookingPart[] (app/lib/booking/parts.ts); empty: one part on `resource`, start to end (migrations/0015). */
  parts: Generated<string>;
  /** "", "no_show" or "late_cancellation" as staff or a late cancel left it (migrations/0017). */
  outcome: Generated<"" | "no_show" | "late_cancellation">;
  /** The client it belongs to (app/server/clients); null for a block, or once its client was erased. */
  client_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/**
 * A client waiting for a time (app/server/booking/waitlist): the service option (and person, when
 * chosen) and the days and parts of the day that suit. `day_parts` is a comma list of
 * "morning", "afternoon", "evening"; dates are the salon's "YYYY-MM-DD", both ends inclusive.
 */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  service: string;
  option_name: string;
  staff_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  from_date: string;
  to_date: string;
  day_parts: string;
  /** waiting; offered (a time is held for them); booked, left, ended: off the list. */
  status: "waiting" | "offered" | "booked" | "left" | "ended";
  /** Random and unique: the leave-the-list link in every e-mail carries it. */
  leave_key: string;
  /** The client it belongs to (app/server/clients). */
  client_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** A freed time offered to an entry, held by the booking `booking_id` (status "offered") until `expires_at`. */
/**
 * A client (app/server/clients): their contact as last given or edited, its keys for matching
 * (app/lib/forms/contact-keys.ts), and the staff's private notes (migrations/0018).
 */
export interface ClientsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  email_key: string;
  phone_key: string;
  notes: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** One word a client is found by (app/lib/clients/search-words.ts, migrations/0023). */
export interface ClientWordsTable {
  word: string;
  client_id: number;
}

export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  booking_id: number;
  starts_at: string;
  /** Random and unique: the offer link carries it. */
  offer_key: string;
  status: "open" | "taken" | "declined" | "lapsed";
  expires_at: string;
  created_at: string;
  answered_at: string | null;
}

export interface RateLimitsTable {
  /** The limiter's scope and the client ("booking:203.0.113.5"; the form limit's keys have no scope). */
  key: string;
  /** Start of the slot of the sliding window, in ms since the epoch. */
  window_start: number;
  /** Hits allowed in the slot. */
  count: number;
  /** When the slot has left its limiter's window (ms since the epoch): it may be deleted then. */
  expires_at: Generated<number>;
}

/**
 * The sign-in throttle's counts (app/server/auth/throttle.server.ts), one row per key: an account
 * ("account:{email}", "totp:{user id}", "password:{user id}"), an account from one address
 * ("{account}|ip:{address}") or an address ("ip:{address}").
 */
export interface LoginAttemptsTable {
  key: string;
  failures: number;
  /** A lock (account and address rows), or when the account's next held-back attempt may go ahead. */
  locked_until: string | null;
  updated_at: string;
  /** An account-and-address row: the last right answer from that address. */
  signed_in_at: string | null;
}

/** A wrong password or code given for an existing account, shown to its owner (kept 30 days). */
export interface FailedSignInsTable {
  id: Generated<number>;
  user_id: number;
  step: "password" | "code";
  ip: string;
  user_agent: string | null;
  created_at: string;
}

/** Site settings that are not page content (notification address, confirmation e-mails …). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

/** Small facts about this installation, e.g. when the defaults were seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SiteContentTable {
  id: Generated<number>;
  page: string;
  section: string;
  content_key: string;
  content_value: string;
  content_type: ContentType;
  updated_at: string;
  updated_by: number | null;
}

export interface HeroSlidesTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image_url: string;
  image_alt: string;
  is_active: number;
  display_order: number;
  tag: string;
  highlight: string;
  description: string;
  /** JSON array of SlideButton (see app/lib/hero-slides.ts). */
  buttons: string;
  created_at: string;
  updated_at: string;
}

/** A reply written in the admin to a submission; its delivery is the outbox row mail_id's. */
export interface SubmissionRepliesTable {
  id: Generated<number>;
  submission_id: number;
  user_id: number | null;
  author_email: string | null;
  body: string;
  mail_id: number | null;
  created_at: string;
}

export interface FormSubmissionsTable {
  id: Generated<number>;
  form_type: string;
  name: string;
  email: string;
  phone: string | null;
  service: string | null;
  preferred_date: string | null;
  preferred_time: string | null;
  message: string | null;
  status: SubmissionStatus;
  /** JSON object with the fields a form has beyond the common columns (suite applications). */
  details: string | null;
  page_path: string | null;
  referrer: string | null;
  /** JSON object of utm_* parameters. */
  utm: string | null;
  client_ip: string | null;
  user_agent: string | null;
  /** The client who sent it (app/server/clients); null when it names nobody. */
  client_id: Generated<number | null>;
  created_at: string;
  /** A suite application's place in the applicant pipeline (app/lib/applicants); null for other forms. */
  applicant_stage: Generated<ApplicantStage | null>;
  /** When the stage last changed (its first: when the application came). */
  applicant_stage_at: Generated<string | null>;
}

/** What happened to an applicant: a stage change, a note or an e-mail sent from the admin. */
export interface ApplicantEventsTable {
  id: Generated<number>;
  submission_id: number;
  kind: ApplicantEventKind;
  from_stage: ApplicantStage | null;
  to_stage: ApplicantStage | null;
  /** An e-mail's subject. */
  subject: string | null;
  /** A note's text or an e-mail's text. */
  body: string | null;
  /** The queued e-mail (mail_outbox) whose delivery the page shows. */
  mail_id: number | null;
  /** Who did it; null for the site itself (a booked tour). */
  user_id: number | null;
  user_email: string | null;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** The latest completed sign-in (password, and code when the user has two-factor) and the one before. */
  last_sign_in_at: string | null;
  previous_sign_in_at: string | null;
}

export type Role = "admin" | "editor";

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not leak usable tokens. */
  id: string;
  user_id: number;
  aal: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
}

export type PasswordLinkPurpose = "invite" | "reset";

/** A link that sets a user's password (an invitation or a reset); the token itself is never stored. */
export interface PasswordLinksTable {
  id: Generated<number>;
  user_id: number;
  purpose: PasswordLinkPurpose;
  /** SHA-256 of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A two-factor recovery code: its SHA-256, usable once instead of an authenticator code. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TotpFactorsTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  status: "unverified" | "verified";
  created_at: string;
  verified_at: string | null;
  /** The time step (Unix seconds / 30) of the last code accepted; bigint in PostgreSQL. */
  last_used_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface SiteImagesTable {
  id: Generated<number>;
  storage_key: string;
  original_name: string;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  alt: string;
  /** JSON array of generated variants: { width, format, key }. */
  variants: string;
  uploaded_by: number | null;
  created_at: string;
  /** 1: one of the site's own photographs (public/images/{storage_key}), listed for reuse. */
  builtin: Generated<number>;
}

/** A page's unpublished edit: every field's value as JSON (null: the default), see migrations/0026. */
export interface ContentDraftsTable {
  page: string;
  /** Random; a preview link names it, so a link shows only the draft it was made for. */
  draft_key: string;
  draft_values: string;
  updated_at: string;
  updated_by: number | null;
}

/** One publish of a page: its field values after it and what changed (JSON), who and when. */
export interface ContentVersionsTable {
  id: Generated<number>;
  page: string;
  version_values: string;
  changes: string;
  published_at: string;
  published_by: number | null;
  published_by_email: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_email: string | null;
  action: string;
  target: string | null;
  details: string | null;
  created_at: string;
}

export type MailStatus = "pending" | "sent" | "failed";
export type MailKind = "notification" | "confirmation" | "reply";

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  /**
   * NULL until sent for a submission's mail (kind and submission_id set): its text and HTML are
   * written from the stored submission when the mail goes out (see compose-submission-mail).
   */
  text_body: string | null;
  /** The same message as HTML (every inserted text escaped); null for text-only mail. */
  html_body: string | null;
  /** "notification" (to staff), "confirmation" or "reply" (to the visitor); null for other mail. */
  kind: MailKind | null;
  /** An iCalendar part sent with the message (an appointment's invitation); null for none. */
  calendar_body: Generated<string | null>;
  /** What the mail's text, HTML and calendar part are written from when it is sent (JSON; the worker's writeMail); null for a mail stored whole or a submission's (migrations/0033). */
  compose_input: Generated<string | null>;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  submission_id: number | null;
  created_at: string;
  sent_at: string | null;
  /** The recipient as the daily bound per address compares it (contact-keys' emailKey). */
  to_key: Generated<string>;
}

export type SiteContentRow = Selectable<SiteContentTable>;
export type HeroSlideRow = Selectable<HeroSlidesTable>;
export type NewHeroSlide = Insertable<HeroSlidesTable>;
export type HeroSlideUpdate = Updateable<HeroSlidesTable>;
export type FormSubmissionRow = Selectable<FormSubmissionsTable>;
export type NewFormSubmission = Insertable<FormSubmissionsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMail = Insertable<MailOutboxTable>;
