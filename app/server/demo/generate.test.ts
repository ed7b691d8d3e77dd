import { describe, expect, it } from "vitest";
import { AHEAD_DAYS, DEMO_EMAIL_DOMAIN, generateSalon, SALON_WEEK, type DemoOptions } from "./generate";

const OPTIONS: DemoOptions = {
  today: "2026-11-27",
  days: 365,
  timeZone: "America/Chicago",
  hours: SALON_WEEK,
};
const salon = generateSalon(OPTIONS);
const todayStart = Date.parse("2026-11-27T06:00:00Z");
const past = salon.bookings.filter((b) => b.start < todayStart);
const localDay = (ms: number) => new Date(ms - 6 * 3_600_000).toISOString().slice(0, 10);

describe("generateSalon", () => {
  it("gives the same salon for the same options, another for another seed", () => {
    const short = { ...OPTIONS, days: 30 };
    expect(generateSalon(short)).toEqual(generateSalon(short));
    expect(generateSalon({ ...short, seed: 7 }).bookings).not.toEqual(generateSalon(short).bookings);
  });

  it("has ten people, each doing something the menu has", () => {
    expect(salon.staff).toHaveLength(10);
    for (const person of salon.staff) expect(person.services.length).toBeGreaterThan(0);
    expect(salon.bookings.every((b) => b.option && b.durationMinutes > 0)).toBe(true);
  });

  it("books a busy salon's day: 25 to 45 visits on an average open day, only on open days, up to three weeks ahead", () => {
    const days = new Map<string, number>();
    for (const b of salon.bookings) days.set(localDay(b.start), (days.get(localDay(b.start)) ?? 0) + 1);
    const average = [...days.values()].reduce((a, n) => a + n, 0) / days.size;
    expect(average).toBeGreaterThanOrEqual(25);
    expect(average).toBeLessThanOrEqual(45);
    for (const day of days.keys()) expect([2, 3, 4, 5]).toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    const last = Math.max(...salon.bookings.map((b) => b.start));
    expect(last).toBeGreaterThan(todayStart + (AHEAD_DAYS - 7) * 86_400_000);
    expect(last).toBeLessThan(todayStart + (AHEAD_DAYS + 1) * 86_400_000);
  });

  it("never books one person twice at once, nor over their time off", () => {
    const byPerson = new Map<number, { start: number; end: number }[]>();
    for (const b of [...salon.bookings, ...salon.blocks])
      byPerson.set(b.staffKey, [...(byPerson.get(b.staffKey) ?? []), b]);
    for (const times of byPerson.values()) {
      times.sort((a, b) => a.start - b.start);
      for (let i = 1; i < times.length; i++) expect(times[i].start).toBeGreaterThanOrEqual(times[i - 1].end);
    }
  });

  it("ends the past mostly completed, with about 4 % no-shows and some cancellations; the future is not ended", () => {
    const share = (test: (b: (typeof past)[number]) => boolean) => past.filter(test).length / past.length;
    expect(share((b) => b.outcome === "no_show")).toBeGreaterThan(0.03);
    expect(share((b) => b.outcome === "no_show")).toBeLessThan(0.05);
    expect(share((b) => b.outcome === "late_cancellation")).toBeGreaterThan(0.01);
    expect(share((b) => b.status === "cancelled" && b.outcome === "")).toBeGreaterThan(0.02);
    expect(share((b) => b.status === "confirmed" && b.outcome === "")).toBeGreaterThan(0.85);
    expect(past.some((b) => b.status === "requested")).toBe(false);
    const future = salon.bookings.filter((b) => b.start >= todayStart);
    expect(future.some((b) => b.outcome !== "")).toBe(false);
    expect(future.some((b) => b.status === "requested")).toBe(true);
  });

  it("comes through every channel", () => {
    for (const source of ["online", "staff", "walk_in"])
      expect(salon.bookings.some((b) => b.source === source)).toBe(true);
  });

  it("has regulars and one-timers among a few thousand clients a year, all with demo e-mails", () => {
    expect(salon.clients.length).toBeGreaterThan(1000);
    expect(salon.clients.every((c) => c.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
    const visits = new Map<number, number>();
    for (const b of salon.bookings) visits.set(b.client, (visits.get(b.client) ?? 0) + 1);
    const counts = [...visits.values()];
    expect(counts.filter((n) => n === 1).length / counts.length).toBeGreaterThan(0.1);
    expect(counts.filter((n) => n >= 12).length).toBeGreaterThan(50);
  });

  it("has submissions of every public form and a waiting list", () => {
    const types = new Set(salon.submissions.map((s) => s.formType));
    expect([...types].sort()).toEqual(["Booking", "Contact", "Newsletter", "Suite Application", "appointment_request"]);
    expect(salon.waitlist.length).toBeGreaterThan(20);
    expect(salon.blocks.length).toBeGreaterThan(0);
  });
});
