import { z } from "zod";

/** An on/off setting: a boolean, or as stored and posted ("true"/"false", a checkbox's "on"). */
const flag = z.union([z.boolean(), z.stringbool()]);

/** How online booking behaves; owner-editable in the admin's settings. */
export const bookingSettingsSchema = z.object({
  /** "approve": a booking is a request until staff confirm it; "instant": confirmed at once. */
  confirmationMode: z.enum(["approve", "instant"]),
  leadMinutes: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  windowDays: z.coerce.number().int().min(1).max(365),
  stepMinutes: z.coerce.number().int().min(5).max(240),
  bufferMinutes: z.coerce.number().int().min(0).max(240),
  /** Clients may cancel or move a booking from their link until this many hours before it. */
  cancellationCutoffHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(14 * 24),
  /**
   * A request the salon has not answered, or a time it proposed that the client has not, stops
   * holding its time this many hours after it was made (or at its start, when that comes first);
   * the client is told it lapsed.
   */
  requestExpiryHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(14 * 24),
  /** The reminder e-mail goes this many hours before; 0 = no reminders. */
  reminderHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24),
  /** Which e-mails about bookings the salon gets (its notification address and the person booked). */
  notifyNewBookings: flag,
  notifyMoves: flag,
  notifyCancellations: flag,
  notifyProposalAnswers: flag,
  notifyLapsing: flag,
  notifyLapsed: flag,
  /** The day's bookings e-mailed to the salon at opening time. */
  dailyAgenda: flag,
  /**
   * A client (one e-mail address or phone number) may hold at most this many upcoming online
   * bookings; more are refused with the salon's phone. 0 = no cap. Bookings made by staff are never
   * refused and do not count.
   */
  maxUpcomingPerClient: z.coerce.number().int().min(0).max(50),
  /**
   * A client (by e-mail or phone) with this many no-shows may no longer hold a time online: the
   * public booking refuses and offers an appointment request instead. 0 = off.
   */
  noShowLimit: z.coerce.number().int().min(0).max(20),
  /** A freed time offered to the first on the waiting list is held for them this many minutes. */
  waitlistHoldMinutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60),
});

export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const BOOKING_SETTINGS_DEFAULTS: BookingSettings = {
  confirmationMode: "approve",
  leadMinutes: 120,
  windowDays: 60,
  stepMinutes: 30,
  bufferMinutes: 0,
  cancellationCutoffHours: 24,
  requestExpiryHours: 48,
  reminderHours: 24,
  notifyNewBookings: true,
  notifyMoves: true,
  notifyCancellations: true,
  notifyProposalAnswers: true,
  notifyLapsing: true,
  notifyLapsed: true,
  dailyAgenda: false,
  maxUpcomingPerClient: 4,
  noShowLimit: 0,
  waitlistHoldMinutes: 30,
};

/** The on/off settings: the salon's booking e-mails. */
export const BOOKING_NOTICE_SETTINGS = [
  "notifyNewBookings",
  "notifyMoves",
  "notifyCancellations",
  "notifyProposalAnswers",
  "notifyLapsing",
  "notifyLapsed",
  "dailyAgenda",
] as const satisfies readonly (keyof BookingSettings)[];

export type BookingNoticeSetting = (typeof BOOKING_NOTICE_SETTINGS)[number];

/** The settings table key of each booking setting. */
export const BOOKING_SETTING_KEYS: Record<keyof BookingSettings, string> = {
  confirmationMode: "booking_confirmation_mode",
  leadMinutes: "booking_lead_minutes",
  windowDays: "booking_window_days",
  stepMinutes: "booking_step_minutes",
  bufferMinutes: "booking_buffer_minutes",
  cancellationCutoffHours: "booking_cancellation_cutoff_hours",
  requestExpiryHours: "booking_request_expiry_hours",
  reminderHours: "booking_reminder_hours",
  notifyNewBookings: "booking_notify_new",
  notifyMoves: "booking_notify_moves",
  notifyCancellations: "booking_notify_cancellations",
  notifyProposalAnswers: "booking_notify_proposal_answers",
  notifyLapsing: "booking_notify_lapsing",
  notifyLapsed: "booking_notify_lapsed",
  dailyAgenda: "booking_daily_agenda",
  maxUpcomingPerClient: "booking_max_upcoming_per_client",
  noShowLimit: "booking_no_show_limit",
  waitlistHoldMinutes: "booking_waitlist_hold_minutes",
};
