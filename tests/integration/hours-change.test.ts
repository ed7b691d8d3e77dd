/**
 * An owner who changes the salon's opening hours or its time zone with appointments already in the
 * calendar: the bookings stay where they are, and the answer says how many the change left outside
 * the hours, so the owner can call those clients. Only the appointments the change moved outside
 * are counted: one already outside (a time the desk gave by hand) is not announced again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addLocalDays, localDate, wallClockInstant, weekdayOf } from "~/lib/booking/availability";
import { PAGE_EDITORS, editorFields } from "~/lib/editors";
import { PROFILE_KEYS } from "~/lib/business-profile";
import { handleEditorAction } from "~/routes/admin/editor.server";
import { handleStaffAction } from "~/routes/admin/staff-member-actions.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { saveProfile, saveTimeZone } from "~/routes/admin/settings/business.server";
import type { SettingsPost } from "~/routes/admin/settings/reply.server";
import type { AppServices } from "~/server/app-services";
import { bookedOutsideHours } from "~/server/booking/model.server";
import { ContentService } from "~/server/content/content.server";
import type { BookingStatus } from "~/server/db/schema";
import { createLogger } from "~/server/logger.server";
import { insertBookingRow } from "../support/booking-rows";
import { testDialect, useTestDatabase } from "../support/test-db";

const ZONE = "America/Chicago";
const ADMIN = { userId: 1, email: "owner@salon.example" };

describe(`changing the hours or the time zone with bookings in the calendar (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let content: ContentService;

  /** The next such weekday (0 Sunday … 6 Saturday) at least three days ahead, on the salon's calendar. */
  const next = (weekday: number) => {
    let date = addLocalDays(localDate(Date.now(), ZONE), 3);
    while (weekdayOf(date) !== weekday) date = addLocalDays(date, 1);
    return date;
  };
  /** An hour's appointment at that wall-clock time (minutes from midnight) of that date. */
  const book = (date: string, minutes: number, status: BookingStatus = "confirmed", staffId: number | null = null) =>
    insertBookingRow(testDb().db, {
      starts_at: new Date(wallClockInstant(date, minutes, ZONE)!).toISOString(),
      duration_minutes: 60,
      status,
      staff_id: staffId,
    });

  const services = () => ({ db: testDb().db, content, logger: createLogger("silent") }) as unknown as AppServices;
  const post = (intent: string, values: Record<string, string>): SettingsPost => {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    return {
      services: services(),
      user: { ...ADMIN, role: "admin" } as SettingsPost["user"],
      actor: ADMIN,
      intent,
      form,
      clientIp: "127.0.0.1",
      text: (name) => values[name] ?? "",
    };
  };
  /** The business profile form as it is now, with these fields changed. */
  const profile = async (changes: Record<string, string>) => {
    const page = (await content.getPage("contact")) as Record<string, string>;
    return post("profile", { ...Object.fromEntries(PROFILE_KEYS.map((k) => [k, page[k] ?? ""])), ...changes });
  };

  beforeEach(async () => {
    const { db } = testDb();
    await db.deleteFrom("bookings").execute();
    await db.deleteFrom("staff").execute();
    await db.deleteFrom("site_content").execute();
    await db.deleteFrom("settings").execute();
    content = new ContentService(db);
  });

  it("closing a weekday in the business profile names the appointments left on it, once", async () => {
    const wednesday = next(3);
    await book(wednesday, 10 * 60);
    await book(wednesday, 14 * 60);
    await book(wednesday, 11 * 60, "cancelled");
    await book(next(4), 10 * 60);
    expect(await bookedOutsideHours(testDb().db, content)).toEqual(new Set());

    const closed = await saveProfile(await profile({ hours_wednesday: "Closed" }));
    expect(closed.reply).toMatchObject({
      ok: true,
      message: "Business profile updated successfully",
      notice: "2 booked appointments are outside the new opening hours: please contact those clients.",
    });
    expect(
      await testDb().db.selectFrom("bookings").select("status").where("status", "=", "confirmed").execute(),
    ).toHaveLength(3);

    // A later save that changes no hours says nothing more about them.
    const again = await saveProfile(await profile({ salon_phone: "(713) 555-0150" }));
    expect(again.reply).toEqual({ intent: "profile", ok: true, message: "Business profile updated successfully" });
  });

  it("opening later in the contact page's editor names the appointment before the new opening", async () => {
    const thursday = next(4);
    await book(thursday, 9 * 60);
    await book(thursday, 12 * 60);
    const def = PAGE_EDITORS.contact;
    const page = (await content.getPage("contact")) as Record<string, string>;
    const form = new FormData();
    form.set("intent", "publish");
    for (const field of editorFields(def)) form.set(field.key, String(page[field.key] ?? ""));
    form.set("hours_thursday", "10:00 AM - 6:00 PM");

    const answer = await handleEditorAction(services(), ADMIN, def, form);
    expect(answer.status).toBe(200);
    expect(answer.reply).toMatchObject({
      ok: true,
      messages: ["Contact page updated successfully"],
      notice: "1 booked appointment is outside the new opening hours: please contact that client.",
    });
  });

  it("moving the salon to another time zone names the appointments its hours no longer hold", async () => {
    // 9:00 and 5:00 PM in Chicago are 10:00 and 6:00 PM in New York: the second is past closing there.
    const tuesday = next(2);
    await book(tuesday, 9 * 60);
    await book(tuesday, 17 * 60);
    const moved = await saveTimeZone(post("timeZone", { timeZone: "America/New_York" }));
    expect(moved.reply).toMatchObject({
      message: "Time zone updated successfully",
      notice: "1 booked appointment is outside the new opening hours: please contact that client.",
    });
  });

  it("shortening a person's own hours names their appointments left after the new end of their day", async () => {
    const thursday = next(4);
    const rosa = await createStaff(testDb().db, ADMIN, {
      name: "Rosa",
      photoUrl: "",
      email: "",
      services: ["hair"],
      hours: null,
    });
    await book(thursday, 10 * 60, "confirmed", rosa.id);
    await book(thursday, 16 * 60, "confirmed", rosa.id);
    // Unassigned, at the same hour: the salon is still open then, so it is not Rosa's to call about.
    await book(thursday, 16 * 60);
    const form = new FormData();
    for (const [name, value] of [
      ["intent", "update"],
      ["name", "Rosa"],
      ["services", "hair"],
      ["hoursMode", "custom"],
      ...[0, 1, 2, 3, 5, 6].map((d) => [`off-${d}`, "on"]),
      ["start-4", "09:00"],
      ["end-4", "15:00"],
    ])
      form.set(name, value);
    const answer = await handleStaffAction({ db: testDb().db, content }, ADMIN, form, rosa.id);
    expect(answer.reply).toMatchObject({
      ok: true,
      message: "Rosa updated",
      notice: "1 booked appointment is outside their new working hours: please contact that client.",
    });
  });
});
