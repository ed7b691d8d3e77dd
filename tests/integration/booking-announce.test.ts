/**
 * The booking commands announce their own change (links.onChange: the cached pages that list free
 * times are dropped on every instance) once it is committed, and nothing when they refuse; a change
 * the model does not allow is a bug and stores nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { changeBooking } from "~/server/booking/commands/booking-change.server";
import { cancelByClient } from "~/server/booking/commands/client-actions.server";
import { cancelByStaff } from "~/server/booking/commands/desk-actions.server";
import { BookingRefusedError } from "~/server/booking/engine/reserve.server";
import { manageToken } from "~/server/booking/notices/manage-link.server";
import { ContentService } from "~/server/content/content.server";
import { deskContext, LINKS } from "../support/booking-request";
import { insertBookingRow } from "../support/booking-rows";
import { clearTables, useTestDatabase } from "../support/test-db";

const NOW = Date.parse("2026-11-30T12:00:00Z");
describe("a booking command's announcement", () => {
  const testDb = useTestDatabase();

  beforeEach(async () => {
    await clearTables(testDb().db, ["audit_log", "mail_outbox", "bookings"]);
  });

  it("is made once when the front desk cancels a booking, and not when the cancel is refused", async () => {
    const { db } = testDb();
    const row = await insertBookingRow(db, { starts_at: "2026-12-01T15:00:00Z" });
    let announced = 0;
    const ctx = { ...deskContext(db, NOW), links: { ...LINKS, onChange: () => (announced += 1) } };
    await cancelByStaff(ctx, row.id, "Salon closed");
    expect(announced).toBe(1);
    await expect(cancelByStaff(ctx, row.id, "Again")).rejects.toBeInstanceOf(BookingRefusedError);
    expect(announced).toBe(1);
  });

  it("is made once when the client cancels from their link", async () => {
    const { db } = testDb();
    const content = new ContentService(db);
    const row = await insertBookingRow(db, { starts_at: "2026-12-08T15:00:00Z" });
    let announced = 0;
    const links = { ...LINKS, onChange: () => (announced += 1) };
    await cancelByClient(db, content, links, manageToken(LINKS.secret, row.id, row.manage_key), NOW);
    expect(announced).toBe(1);
  });

  it("is never reached by a change the model does not allow: an ended booking stays as it is", async () => {
    const { db } = testDb();
    const row = await insertBookingRow(db, { starts_at: "2026-12-01T15:00:00Z", status: "cancelled" });
    await expect(
      db
        .transaction()
        .execute((tx) => changeBooking(tx, row, { from: ["cancelled"], refusal: "no", set: { status: "confirmed" } })),
    ).rejects.toThrow("A booking cannot go from cancelled to confirmed.");
    const after = await db.selectFrom("bookings").select("status").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("cancelled");
  });
});
