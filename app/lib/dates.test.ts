import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatInZone,
  greetingFor,
  hourInZone,
  isTimeZone,
  localDate,
  startOfWeekInZone,
  timeZoneName,
  timeZoneNames,
} from "./dates";

describe("dates in the salon's time zone", () => {
  it("formats one instant by the zone's clocks, US style", () => {
    const instant = "2026-07-04T17:30:00.000Z";
    expect(formatDateTime(instant, "America/Chicago")).toBe("Jul 4, 2026 at 12:30 PM");
    expect(formatDateTime(instant, "Pacific/Auckland")).toBe("Jul 5, 2026 at 5:30 AM");
    expect(formatDateTime(new Date(instant), "UTC")).toBe("Jul 4, 2026 at 5:30 PM");
    expect(formatDate(instant, "Pacific/Auckland")).toBe("Jul 5, 2026");
    expect(formatInZone(instant, "America/Chicago", "MM/dd/yyyy h:mm a")).toBe("07/04/2026 12:30 PM");
    // The same minute in another zone is not served from the last formatted one.
    expect(formatDateTime(instant, "America/Chicago")).toBe("Jul 4, 2026 at 12:30 PM");
    // Nor is a kept text served for another zone, pattern or instant.
    expect(formatInZone(instant, "Pacific/Auckland", "MM/dd/yyyy h:mm a")).toBe("07/05/2026 5:30 AM");
    expect(formatInZone(instant, "America/Chicago", "h:mm a")).toBe("12:30 PM");
    expect(formatInZone("2026-07-04T17:31:00.000Z", "America/Chicago", "h:mm a")).toBe("12:31 PM");
    expect(formatInZone(new Date(instant), "America/Chicago", "MM/dd/yyyy h:mm a")).toBe("07/04/2026 12:30 PM");
  });

  it("follows a daylight saving change (Chicago springs forward on Mar 8, 2026)", () => {
    expect(formatDateTime("2026-03-08T07:59:00.000Z", "America/Chicago")).toBe("Mar 8, 2026 at 1:59 AM");
    expect(formatDateTime("2026-03-08T08:00:00.000Z", "America/Chicago")).toBe("Mar 8, 2026 at 3:00 AM");
    // Auckland falls back on Apr 5, 2026: 3:00 AM NZDT becomes 2:00 AM NZST.
    expect(formatDateTime("2026-04-04T13:59:00.000Z", "Pacific/Auckland")).toBe("Apr 5, 2026 at 2:59 AM");
    expect(formatDateTime("2026-04-04T14:00:00.000Z", "Pacific/Auckland")).toBe("Apr 5, 2026 at 2:00 AM");
  });

  it("uses plain spaces only, so the server's text and the browser's agree", () => {
    expect(formatDateTime("2026-11-23T21:31:00.000Z", DEFAULT_TIME_ZONE)).toMatch(/^[\x20-\x7e]+$/);
  });

  it("gives a value that is not a date back as it is", () => {
    expect(formatDateTime("soon", DEFAULT_TIME_ZONE)).toBe("soon");
    expect(formatDate("", DEFAULT_TIME_ZONE)).toBe("");
  });

  it("knows the day and the hour in the zone", () => {
    const now = new Date("2026-11-23T03:00:00Z");
    expect(localDate(now, "America/Chicago")).toBe("2026-11-22");
    expect(localDate(now, "Pacific/Auckland")).toBe("2026-11-23");
    expect(hourInZone("America/Chicago", now)).toBe(21);
    expect(greetingFor("America/Chicago", now)).toBe("Good evening");
    expect(greetingFor("Pacific/Auckland", now)).toBe("Good afternoon");
    expect(greetingFor("Asia/Tokyo", now)).toBe("Good afternoon");
    expect(greetingFor("Europe/London", now)).toBe("Good morning");
  });

  it("starts the week on Monday at midnight in the zone, across a daylight saving change", () => {
    // Wednesday after the change: Monday Mar 9 00:00 CDT (UTC-5).
    expect(startOfWeekInZone("America/Chicago", new Date("2026-03-11T12:00:00Z")).toISOString()).toBe(
      "2026-03-09T05:00:00.000Z",
    );
    // The Sunday of the change: the week began Monday Mar 2 00:00 CST (UTC-6).
    expect(startOfWeekInZone("America/Chicago", new Date("2026-03-08T12:00:00Z")).toISOString()).toBe(
      "2026-03-02T06:00:00.000Z",
    );
    // Sunday in UTC is already Monday 1 AM in Auckland (NZDT, UTC+13).
    expect(startOfWeekInZone("Pacific/Auckland", new Date("2026-11-22T12:00:00Z")).toISOString()).toBe(
      "2026-11-22T11:00:00.000Z",
    );
    // Monday 00:00 itself belongs to the new week.
    expect(startOfWeekInZone("America/Chicago", new Date("2026-03-09T05:00:00Z")).toISOString()).toBe(
      "2026-03-09T05:00:00.000Z",
    );
  });

  it("accepts IANA zones only", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Pacific/Auckland")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("america/chicago")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    const names = timeZoneNames();
    expect(names).toContain(DEFAULT_TIME_ZONE);
    expect(names).toEqual([...names].sort());
  });

  it("names a zone the way people say it", () => {
    expect(timeZoneName("America/Chicago")).toBe("Central time");
    expect(timeZoneName("Pacific/Auckland")).toBe("New Zealand time");
  });
});
