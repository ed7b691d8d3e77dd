import { describe, expect, it } from "vitest";
import {
  BOOKING_NOTICE_SETTINGS,
  BOOKING_SETTING_KEYS,
  BOOKING_SETTINGS_DEFAULTS,
  bookingSettingsSchema,
  type BookingSettings,
} from "./settings";

/** The ranges the booking settings page documents, per setting. */
const RANGES: [keyof BookingSettings, number, number][] = [
  ["leadMinutes", 0, 7 * 24 * 60],
  ["windowDays", 1, 365],
  ["stepMinutes", 5, 240],
  ["bufferMinutes", 0, 240],
  ["cancellationCutoffHours", 0, 14 * 24],
  ["requestExpiryHours", 1, 14 * 24],
  ["reminderHours", 0, 7 * 24],
  ["maxUpcomingPerClient", 0, 50],
  ["noShowLimit", 0, 20],
  ["waitlistHoldMinutes", 5, 24 * 60],
];

const withSetting = (name: keyof BookingSettings, value: unknown) =>
  bookingSettingsSchema.safeParse({ ...BOOKING_SETTINGS_DEFAULTS, [name]: value });

describe("booking settings", () => {
  it("a new salon confirms each request, books 2 hours to 60 days ahead every 30 minutes, reminds a day before, lets clients with no-shows book online, holds a waiting-list offer 30 minutes, and e-mails all but the agenda", () => {
    expect(BOOKING_SETTINGS_DEFAULTS).toEqual({
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
    });
    expect(bookingSettingsSchema.parse(BOOKING_SETTINGS_DEFAULTS)).toEqual(BOOKING_SETTINGS_DEFAULTS);
  });

  it.each(RANGES)(
    "%s takes whole numbers from %i to %i, as the form posts them, and nothing else",
    (name, min, max) => {
      expect(withSetting(name, String(min))).toMatchObject({ success: true, data: { [name]: min } });
      expect(withSetting(name, ` ${max} `)).toMatchObject({ success: true, data: { [name]: max } });
      for (const wrong of [String(min - 1), String(max + 1), `${min}.5`, "many"])
        expect(withSetting(name, wrong).success, wrong).toBe(false);
    },
  );

  it("confirmation is one of two modes; an e-mail switch reads a checkbox's on, a stored true or false, or a boolean", () => {
    expect(withSetting("confirmationMode", "instant")).toMatchObject({ success: true });
    expect(withSetting("confirmationMode", "auto").success).toBe(false);
    for (const name of BOOKING_NOTICE_SETTINGS) {
      expect(withSetting(name, "on")).toMatchObject({ data: { [name]: true } });
      expect(withSetting(name, "false")).toMatchObject({ data: { [name]: false } });
      expect(withSetting(name, true)).toMatchObject({ data: { [name]: true } });
      expect(withSetting(name, "maybe").success).toBe(false);
    }
  });

  it("the e-mail switches are the seven kinds of booking e-mail, in the order the page lists them", () => {
    expect(BOOKING_NOTICE_SETTINGS).toEqual([
      "notifyNewBookings",
      "notifyMoves",
      "notifyCancellations",
      "notifyProposalAnswers",
      "notifyLapsing",
      "notifyLapsed",
      "dailyAgenda",
    ]);
  });

  it("each setting is saved under its own key, the one saved databases hold (a renamed key would lose the owner's choice)", () => {
    expect(BOOKING_SETTING_KEYS).toEqual({
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
    });
  });
});
