/**
 * Staff on the database: adding, editing, deactivating and deleting people; once anyone is active,
 * availability follows their services, hours and time off; time off is refused over a held
 * booking; a feed link can be replaced; every change is in the audit log. Bookings made before
 * anyone was set up keep their time until they are assigned; a service nobody active does says so.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notBookableOnline } from "~/lib/booking/messages";
import { STAFF_MESSAGES, type StaffInput } from "~/lib/booking/staff";
import { handleStaffAction } from "~/routes/admin/staff-member-actions.server";
import { bookingCalendar } from "~/server/booking/engine/upcoming-days.server";
import { dayAvailability } from "~/server/booking/engine/day-availability.server";
import { moveByClient } from "~/server/booking/commands/client-actions.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import {
  addTimeOff,
  assignUnassignedBookings,
  createStaff,
  deleteStaff,
  findStaff,
  listStaffPage,
  listTimeOff,
  moveStaff,
  regenerateCalendarToken,
  removeTimeOff,
  listUnassignedBookings,
  setStaffActive,
  StaffRefusedError,
  updateStaff,
} from "~/server/booking/people/staff.server";
import { ContentService } from "~/server/content/content.server";
import { bookingRequest, useOneLengthPerService } from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const TUESDAY = "2026-12-01";
const WEDNESDAY = "2026-12-02";
const at = (local: string) => Date.parse(`${TUESDAY}T${local}:00-06:00`);
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const ACTOR = { userId: null, email: "owner@aurelia.test" };

/** Tuesday 10 to 2, nothing else. */
const TUESDAY_10_TO_2 = [[], [], [{ opens: 600, closes: 840 }], [], [], [], []];
const ana: StaffInput = {
  name: "Ana",
  email: "",
  photoUrl: "",
  services: ["nails"],
  hours: TUESDAY_10_TO_2,
};

describe(`staff (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const times = async (service: string, date = TUESDAY, staffId?: number) =>
    (await dayAvailability(db(), content(), { service, date, now: NOW, staffId })).slots.map((s) =>
      s.start.slice(11, 16),
    );
  const audits = async () =>
    (await db().selectFrom("audit_log").select("action").where("target", "=", "Staff").orderBy("id").execute()).map(
      (r) => r.action,
    );

  beforeEach(async () => {
    await useOneLengthPerService(db());
    await db().deleteFrom("bookings").execute();
    await db().deleteFrom("booking_resources").where("key", "like", "staff:%").execute();
    await db().deleteFrom("staff").execute();
    await db().deleteFrom("audit_log").execute();
  });

  it("adds, edits and deactivates someone, with a random feed token and an audit row each", async () => {
    const created = await createStaff(db(), ACTOR, { ...ana, photoUrl: "/media/2026/ana.jpg" });
    expect(created).toMatchObject({ name: "Ana", services: ["nails"], hours: TUESDAY_10_TO_2, isActive: true });
    expect(created.calendarToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await createStaff(db(), ACTOR, { ...ana, name: "Bea", hours: null });
    expect(other.calendarToken).not.toBe(created.calendarToken);
    expect(other.displayOrder).toBeGreaterThan(created.displayOrder);

    const edited = await updateStaff(db(), ACTOR, created.id, {
      ...ana,
      name: "Ana Lopez",
      services: ["hair", "nails"],
    });
    expect(edited).toMatchObject({ name: "Ana Lopez", services: ["hair", "nails"] });
    await setStaffActive(db(), ACTOR, created.id, false);
    expect((await findStaff(db(), created.id))?.isActive).toBe(false);
    await moveStaff(db(), ACTOR, other.id, -1);
    expect((await listStaffPage(db(), 1)).members.map((s) => s.name)).toEqual(["Bea", "Ana Lopez"]);

    expect(await audits()).toEqual([
      "added staff member Ana",
      "added staff member Bea",
      "updated staff member Ana Lopez",
      "deactivated staff member Ana Lopez",
      "moved staff member Bea up",
    ]);
    await expect(updateStaff(db(), ACTOR, 999_999, ana)).rejects.toMatchObject({ status: 404 });
  });

  it("once anyone is active, availability follows their services and hours; without them, one chair per service", async () => {
    const chair = await times("hair");
    expect(chair[0]).toBe("09:00");
    expect(chair.at(-1)).toBe("16:00");

    const member = await createStaff(db(), ACTOR, ana);
    // Hair: nobody does it now. Nails: Ana's Tuesday, 10 to 2, one-hour options.
    expect(await times("hair")).toEqual([]);
    expect(await times("nails")).toEqual(["10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00"]);
    expect(await times("nails", WEDNESDAY)).toEqual([]);
    const slot = (await dayAvailability(db(), content(), { service: "nails", date: TUESDAY, now: NOW })).slots[0];
    expect(slot.staff).toEqual([member.id]);

    // The salon's hours when she has none of her own.
    await updateStaff(db(), ACTOR, member.id, { ...ana, hours: null });
    expect((await times("nails", WEDNESDAY))[0]).toBe("09:00");

    // Deactivated, she drops out: back to one chair per service.
    await setStaffActive(db(), ACTOR, member.id, false);
    expect(await times("hair")).toEqual(chair);
  });

  it("each staff change announces itself once it is committed, and a refused one does not", async () => {
    let announced = 0;
    const actor = { ...ACTOR, onChange: () => (announced += 1) };
    const member = await createStaff(db(), actor, ana);
    expect(announced).toBe(1);
    const off = await addTimeOff(
      db(),
      content(),
      actor,
      member.id,
      { start: at("11:00"), end: at("12:00"), label: "" },
      NOW,
    );
    expect(announced).toBe(2);
    await expect(
      addTimeOff(db(), content(), actor, member.id, { start: at("11:30"), end: at("12:30"), label: "" }, NOW),
    ).rejects.toBeInstanceOf(StaffRefusedError);
    expect(announced).toBe(2);
    await removeTimeOff(db(), actor, member.id, off.id);
    await updateStaff(db(), actor, member.id, { ...ana, services: ["nails", "hair"] }, NOW);
    await setStaffActive(db(), actor, member.id, false, NOW);
    await deleteStaff(db(), actor, member.id);
    expect(announced).toBe(6);
  });

  it("time off blocks availability, is refused over a held booking, and can be removed", async () => {
    const member = await createStaff(db(), ACTOR, ana);
    const off = await addTimeOff(
      db(),
      content(),
      ACTOR,
      member.id,
      { start: at("11:00"), end: at("12:00"), label: "Dentist" },
      NOW,
    );
    expect(await times("nails")).toEqual(["10:00", "12:00", "12:30", "13:00"]);
    expect(await listTimeOff(db(), member.id, NOW)).toEqual([
      { id: off.id, startsAt: "2026-12-01T17:00:00.000Z", endsAt: "2026-12-01T18:00:00.000Z", label: "Dentist" },
    ]);
    const block = await db().selectFrom("bookings").selectAll().where("id", "=", off.id).executeTakeFirstOrThrow();
    expect(block).toMatchObject({
      kind: "block",
      resource: `staff:${member.id}`,
      staff_id: member.id,
      status: "confirmed",
    });

    const request = bookingRequest({ service: "nails", start: `${TUESDAY}T13:00:00-06:00` });
    await reserveBooking(db(), content(), request, { links: LINKS, now: NOW });
    const refused = addTimeOff(
      db(),
      content(),
      ACTOR,
      member.id,
      { start: at("12:30"), end: at("14:00"), label: "" },
      NOW,
    );
    await expect(refused).rejects.toBeInstanceOf(StaffRefusedError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message:
        "Ana has a booking in that time (Ada Client, Dec 1, 2026 at 1:00 PM). Move or cancel it first, or choose another period.",
    });
    // Over her other time off, too; nothing was written either time.
    await expect(
      addTimeOff(db(), content(), ACTOR, member.id, { start: at("10:00"), end: at("11:30"), label: "" }, NOW),
    ).rejects.toMatchObject({ message: expect.stringContaining("time off “Dentist”") });
    expect(await listTimeOff(db(), member.id, NOW)).toHaveLength(1);

    await removeTimeOff(db(), ACTOR, member.id, off.id);
    expect(await times("nails")).toEqual(["10:00", "10:30", "11:00", "11:30", "12:00"]);
    await expect(removeTimeOff(db(), ACTOR, member.id, off.id)).rejects.toMatchObject({ status: 404 });
    expect(await audits()).toEqual([
      "added staff member Ana",
      "added time off for Ana (Dentist)",
      "removed time off for Ana (Dentist)",
    ]);
  });

  it("someone with bookings can be deactivated (bookings kept), not deleted; someone without can", async () => {
    const member = await createStaff(db(), ACTOR, ana);
    const request = bookingRequest({ service: "nails", start: `${TUESDAY}T10:00:00-06:00` });
    const booking = await reserveBooking(db(), content(), request, { links: LINKS, now: NOW });
    expect((await findStaff(db(), member.id))?.hasBookings).toBe(true);
    await expect(deleteStaff(db(), ACTOR, member.id)).rejects.toMatchObject({
      status: 409,
      message: "Ana has bookings, so they cannot be deleted. Deactivate them instead: their bookings are kept.",
    });
    await setStaffActive(db(), ACTOR, member.id, false);
    const kept = await db()
      .selectFrom("bookings")
      .select(["staff_id", "status"])
      .where("id", "=", booking.id)
      .executeTakeFirst();
    expect(kept).toEqual({ staff_id: member.id, status: "requested" });

    const bea = await createStaff(db(), ACTOR, { ...ana, name: "Bea" });
    await addTimeOff(db(), content(), ACTOR, bea.id, { start: at("10:00"), end: at("11:00"), label: "" }, NOW);
    await deleteStaff(db(), ACTOR, bea.id);
    expect(await findStaff(db(), bea.id)).toBeUndefined();
    expect(await db().selectFrom("bookings").select("id").where("resource", "=", `staff:${bea.id}`).execute()).toEqual(
      [],
    );
    expect((await audits()).at(-1)).toBe("deleted staff member Bea");
  });

  it("regenerating the feed link gives a new random token and records it", async () => {
    const member = await createStaff(db(), ACTOR, ana);
    const renewed = await regenerateCalendarToken(db(), ACTOR, member.id);
    expect(renewed.calendarToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(renewed.calendarToken).not.toBe(member.calendarToken);
    expect((await findStaff(db(), member.id))?.calendarToken).toBe(renewed.calendarToken);
    expect((await audits()).at(-1)).toBe("regenerated the calendar feed link of Ana");
  });

  /** A client's booking as the booking page makes it: "any available" unless a person is given. */
  const book = (service: string, local: string, staff?: number, email = "ada@example.com") =>
    reserveBooking(db(), content(), bookingRequest({ service, start: `${TUESDAY}T${local}:00-06:00`, staff, email }), {
      links: LINKS,
      now: NOW,
    });
  const admin = { userId: 1, email: ACTOR.email };
  const post = (fields: Record<string, string>, staffId: number | null = null) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return handleStaffAction({ db: db(), content: content() }, admin, form, staffId, NOW);
  };

  it("a service nobody active does shows no times but says why, with the number to call; booking it is refused in the same words", async () => {
    await createStaff(db(), ACTOR, ana);
    const message = notBookableOnline("Hair", "(713) 555-0142");
    expect(message).toBe("Online booking for Hair is not available right now. Call us at (713) 555-0142.");
    expect(await dayAvailability(db(), content(), { service: "hair", date: TUESDAY, now: NOW })).toMatchObject({
      closed: false,
      slots: [],
      unavailable: message,
    });
    expect(
      (await dayAvailability(db(), content(), { service: "nails", date: TUESDAY, now: NOW })).unavailable,
    ).toBeUndefined();
    expect(await bookingCalendar(db(), content(), { service: "hair", now: NOW })).toMatchObject({
      bookable: false,
      days: [],
      selected: null,
    });
    await expect(book("hair", "10:00")).rejects.toMatchObject({ status: 400, message });
  });

  it("bookings made before anyone was set up keep their time from everyone who does their service, until assigned in one step", async () => {
    const hair = await book("hair", "10:00");
    const nails = await book("nails", "09:00");
    const anna = await createStaff(db(), ACTOR, {
      name: "Anna",
      photoUrl: "",
      email: "",
      services: ["hair", "nails"],
      hours: null,
    });
    const bea = await createStaff(db(), ACTOR, {
      name: "Bea",
      photoUrl: "",
      email: "",
      services: ["nails"],
      hours: null,
    });
    expect((await listUnassignedBookings(db(), NOW)).map((b) => [b.id, b.service])).toEqual([
      [nails.id, "nails"],
      [hair.id, "hair"],
    ]);
    // Hair is two hours: nothing that would meet 10 to 12. The 9:00 nails booking holds Anna and Bea.
    expect(await times("hair")).not.toEqual(expect.arrayContaining(["09:00", "10:00", "11:30"]));
    expect((await times("hair"))[0]).toBe("12:00");
    expect(await times("nails")).not.toContain("09:00");
    await expect(book("hair", "10:00", anna.id)).rejects.toMatchObject({ status: 409 });
    await expect(
      addTimeOff(db(), content(), ACTOR, bea.id, { start: at("09:00"), end: at("10:00"), label: "" }, NOW),
    ).rejects.toMatchObject({
      status: 409,
      message:
        "Bea has a booking in that time (Ada Client, not assigned to anyone yet, Dec 1, 2026 at 9:00 AM). Move or cancel it first, or choose another period.",
    });

    // Bea does nails only: she gets the nails booking; Anna is free at 9:00 again.
    expect(await post({ intent: "assign-bookings", id: String(bea.id) })).toEqual({
      status: 200,
      reply: { intent: "assign-bookings", ok: true, message: "Assigned 1 booking to Bea." },
    });
    const slot = (await dayAvailability(db(), content(), { service: "nails", date: TUESDAY, now: NOW })).slots[0];
    expect(slot).toEqual({ start: `${TUESDAY}T09:00:00-06:00`, staff: [anna.id] });
    const assigned = await assignUnassignedBookings(db(), content(), ACTOR, anna.id, NOW);
    expect(assigned).toMatchObject({ assigned: 1, refused: [] });
    expect(await listUnassignedBookings(db(), NOW)).toEqual([]);
    const rows = await db().selectFrom("bookings").select(["id", "resource", "staff_id"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: hair.id, resource: `staff:${anna.id}`, staff_id: anna.id },
      { id: nails.id, resource: `staff:${bea.id}`, staff_id: bea.id },
    ]);
    const assignments = await db()
      .selectFrom("audit_log")
      .select(["action", "target"])
      .where("action", "like", "assigned%")
      .orderBy("id")
      .execute();
    expect(assignments).toEqual([
      { action: "assigned a booking to Bea", target: "Ada Client, Nails, Tue Dec 1 9:00 AM" },
      { action: "assigned a booking to Anna", target: "Ada Client, Hair, Tue Dec 1 10:00 AM" },
    ]);
  });

  it("assigning never double-books: two unassigned bookings at one time cannot both go to one person", async () => {
    await book("hair", "10:00");
    await book("nails", "10:00", undefined, "bea@example.com");
    const anna = await createStaff(db(), ACTOR, {
      name: "Anna",
      photoUrl: "",
      email: "",
      services: ["hair", "nails"],
      hours: null,
    });
    // Each holds Anna while the other is unassigned: neither can be hers yet.
    expect(await post({ intent: "assign-bookings", id: String(anna.id) })).toEqual({
      status: 409,
      reply: {
        intent: "assign-bookings",
        ok: false,
        message:
          "No booking could be assigned to Anna. Not assigned: Ada Client, Hair, Tue Dec 1 10:00 AM; Ada Client, Nails, Tue Dec 1 10:00 AM. At those times Anna has a booking or time off, or another unassigned booking of a service Anna does is at the same time: assign that one to someone else first.",
        fieldErrors: undefined,
      },
    });
    const bea = await createStaff(db(), ACTOR, {
      name: "Bea",
      photoUrl: "",
      email: "",
      services: ["nails"],
      hours: null,
    });
    expect((await post({ intent: "assign-bookings", id: String(bea.id) })).reply.message).toBe(
      "Assigned 1 booking to Bea.",
    );
    expect((await post({ intent: "assign-bookings", id: String(anna.id) })).reply.message).toBe(
      "Assigned 1 booking to Anna.",
    );
    expect(await listUnassignedBookings(db(), NOW)).toEqual([]);
  });

  it("giving someone a service, or activating them, is refused while it would double-book them; their own bookings keep their time", async () => {
    await book("hair", "10:00");
    const member = await createStaff(db(), ACTOR, ana);
    const own = await book("nails", "10:30", member.id);
    await expect(
      updateStaff(db(), ACTOR, member.id, { ...ana, services: ["hair", "nails"] }, NOW),
    ).rejects.toMatchObject({
      status: 409,
      message:
        "Ana cannot take Hair yet: a booking not assigned to anyone (Ada Client, Hair, Tue Dec 1 10:00 AM) is at the same time as Ana's own bookings or time off. Assign, move or cancel it first.",
    });
    expect((await findStaff(db(), member.id))?.services).toEqual(["nails"]);

    // Deactivated, her booking stays and holds her time; the owner is told which.
    expect((await post({ intent: "deactivate", id: String(member.id) })).reply.message).toBe(
      "Ana deactivated: they take no new bookings. Their upcoming booking is kept and still holds their time (Ada Client, Nails, Tue Dec 1 10:30 AM): cancel it on the Bookings page if it cannot go ahead.",
    );
    // Nobody active: nails books like one chair again, and the chair is free at 10:30.
    await book("nails", "10:30", undefined, "bea@example.com");
    expect(await post({ intent: "activate", id: String(member.id) })).toEqual({
      status: 409,
      reply: {
        intent: "activate",
        ok: false,
        message:
          "Ana cannot be activated yet: a booking not assigned to anyone (Ada Client, Nails, Tue Dec 1 10:30 AM) is at the same time as Ana's own bookings or time off. Assign, move or cancel it first.",
      },
    });
    await db().updateTable("bookings").set({ status: "cancelled" }).where("email", "=", "bea@example.com").execute();
    expect((await post({ intent: "activate", id: String(member.id) })).status).toBe(200);

    // Without nails any more, her nails booking still holds her: lashes (two hours) fit only after it.
    await updateStaff(db(), ACTOR, member.id, { ...ana, services: ["lashes"] }, NOW);
    expect(await times("lashes")).toEqual(["11:30", "12:00"]);
    expect(
      (await db().selectFrom("bookings").select("staff_id").where("id", "=", own.id).executeTakeFirst())?.staff_id,
    ).toBe(member.id);
    expect(STAFF_MESSAGES.assigned("Ana", 0)).toBe("There are no upcoming bookings to assign to Ana.");
  });

  it("a client moving a booking made before staff were set up gets the times of those who do its service, and it becomes theirs", async () => {
    const before = await book("nails", "09:00");
    const member = await createStaff(db(), ACTOR, ana);
    const moved = await moveByClient(db(), content(), LINKS, before.manageToken, at("11:00"), NOW);
    expect(moved).toMatchObject({
      resource: `staff:${member.id}`,
      staff_id: member.id,
      starts_at: "2026-12-01T17:00:00.000Z",
    });
    expect(await times("nails")).toEqual(["10:00", "12:00", "12:30", "13:00"]);
  });
});
