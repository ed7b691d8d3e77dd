/**
 * Client records on the database: every booking, waiting-list entry and form submission gets its
 * client as it is written (e-mail first, then a phone without another e-mail, else a new client);
 * the migration does the same for rows written before it; the list's search; merging two clients;
 * erasing one on request.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { migrations } from "../../migrations";
import { waitlistRequestSchema } from "~/lib/booking/waitlist";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { joinWaitlist } from "~/server/booking/waitlist/waitlist.server";
import { allClients, listClients, saveClientContact } from "~/server/clients/directory.server";
import { saveClientWords } from "~/server/clients/clients.server";
import { eraseClient, ERASED_CLIENT } from "~/server/clients/erase.server";
import { clientTotals } from "~/server/clients/history.server";
import { mergeClients } from "~/server/clients/merge.server";
import { ContentService } from "~/server/content/content.server";
import { nowIso } from "~/server/db/database.server";
import { SqliteSubmissionThread } from "~/server/forms/sqlite-submission-thread.server";
import { SubmissionWriter } from "~/server/forms/submission-writer.server";
import { insertBookingRow } from "../support/booking-rows";
import { bookingRequest, DESK, LINKS, useOneLengthPerService } from "../support/booking-request";
import { clearTables, createTestDatabase, testDialect, useTestDatabase, type TestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago (the default zone).
const NOW = Date.parse("2026-11-30T12:00:00Z");
const DAY = 86_400_000;
const ZONE = "America/Chicago";

describe(`client records (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const content = () => new ContentService(db());
  const threads: SqliteSubmissionThread[] = [];
  afterAll(async () => {
    for (const thread of threads) await thread.stop();
  });

  const book = (overrides: Record<string, unknown>) =>
    reserveBooking(db(), content(), bookingRequest(overrides), { links: LINKS, now: NOW, source: "staff" });
  const clientOf = async (table: "bookings" | "form_submissions" | "waitlist_entries", id: number) =>
    (await db().selectFrom(table).select("client_id").where("id", "=", id).executeTakeFirstOrThrow()).client_id;
  const clients = () => db().selectFrom("clients").selectAll().orderBy("id").execute();
  const submission = (name: string, email: string, phone: string | null = null) => ({
    form_type: "Contact",
    name,
    email,
    phone,
    message: "Hello",
    status: "new" as const,
    created_at: nowIso(),
  });

  beforeEach(async () => {
    await useOneLengthPerService(db());
    await clearTables(db(), [
      "mail_outbox",
      "waitlist_offers",
      "waitlist_entries",
      "bookings",
      "form_submissions",
      "clients",
      "audit_log",
    ]);
  });

  it("a booking makes its client; the same e-mail or, without an e-mail of their own, the same phone finds them again", async () => {
    const first = await book({ email: "Ada+Salon@Example.com", phone: "(713) 555-0100" });
    const again = await book({ start: "2026-12-02T09:00:00-06:00", email: "ada@example.com", phone: "(832) 555-0177" });
    const [ada] = await clients();
    expect(ada).toMatchObject({
      name: "Ada Client",
      email: "Ada+Salon@Example.com",
      email_key: "ada@example.com",
      phone_key: "7135550100",
    });
    expect(await clientOf("bookings", first.id)).toBe(ada.id);
    expect(await clientOf("bookings", again.id)).toBe(ada.id);

    // A message with Ada's number and no e-mail is Ada's.
    const writer = new SubmissionWriter(db());
    const byPhone = await writer.store(submission("Ada", "", "713.555.0100"), []);
    expect(await clientOf("form_submissions", byPhone)).toBe(ada.id);
    expect(await clients()).toHaveLength(1);
  });

  it("when the e-mail is someone else's, the e-mail wins over a shared phone: a new client", async () => {
    await book({ email: "mum@example.com", phone: "(713) 555-0100" });
    const kid = await book({ start: "2026-12-02T09:00:00-06:00", firstName: "Kid", email: "kid@example.com" });
    const all = await clients();
    expect(all.map((c) => c.email_key)).toEqual(["mum@example.com", "kid@example.com"]);
    expect(await clientOf("bookings", kid.id)).toBe(all[1].id);
  });

  const writers = testDialect === "sqlite" ? (["in process", "on its thread"] as const) : (["in process"] as const);
  it.each(writers)(
    "a form submission stored %s gets its client in the same write; the client's blank phone is filled in and found by the search",
    async (where) => {
      let writer = new SubmissionWriter(db());
      const ada = await clientOf(
        "form_submissions",
        await writer.store(submission("Ada Client", "ada@example.com"), []),
      );
      if (where === "on its thread") {
        const thread = new SqliteSubmissionThread(testDb().url.slice("file:".length), { autoCheckpoint: true });
        threads.push(thread);
        writer = new SubmissionWriter(db(), thread);
      }
      const mine = await writer.store(submission("Ada Client", "ADA@example.com", "+1 713 555 0100"), []);
      const someone = await writer.store(submission("Bea", "bea@example.com"), []);
      expect(await clientOf("form_submissions", mine)).toBe(ada);
      const [first, bea] = await clients();
      expect(first).toMatchObject({ id: ada, phone: "+1 713 555 0100", phone_key: "7135550100" });
      expect(bea).toMatchObject({ name: "Bea", email: "bea@example.com", phone: "", phone_key: "" });
      expect(await clientOf("form_submissions", someone)).toBe(bea.id);
      const found = async (q: string) => (await listClients(db(), { q, page: 1 }, ZONE, NOW)).rows.map((r) => r.id);
      expect(await found("0100")).toEqual([ada]);
      expect(await found("bea")).toEqual([bea.id]);
    },
  );

  it("a waiting-list entry gets its client, and a time offered from it keeps that client", async () => {
    const hair = (await findBookableService(content(), "hair"))!;
    const joined = await joinWaitlist(
      db(),
      content(),
      LINKS,
      waitlistRequestSchema.parse({
        service: "hair",
        option: hair.options[0].name,
        firstName: "Cleo",
        lastName: "Client",
        email: "cleo@example.com",
        phone: "(281) 555-0111",
        fromDate: "2026-12-01",
        toDate: "2026-12-01",
        dayParts: ["morning"],
      }),
      NOW,
    );
    if (!joined.ok) throw new Error(joined.message);
    const [cleo] = await clients();
    expect(cleo).toMatchObject({ name: "Cleo Client", email_key: "cleo@example.com" });
    expect(joined.entry.client_id).toBe(cleo.id);
  });

  it("counts a client's visits, no-shows, last visit and spend by their record", async () => {
    const { id } = await db()
      .insertInto("clients")
      .values({
        name: "Ada",
        email: "",
        phone: "",
        email_key: "",
        phone_key: "",
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const at = (ms: number) => new Date(ms).toISOString();
    await insertBookingRow(db(), { starts_at: at(NOW - 20 * DAY), price: "$150 + $45", client_id: id });
    await insertBookingRow(db(), { starts_at: at(NOW - 10 * DAY), price: "$65", client_id: id });
    await insertBookingRow(db(), { starts_at: at(NOW - 5 * DAY), outcome: "no_show", client_id: id });
    await insertBookingRow(db(), { starts_at: at(NOW + 5 * DAY), client_id: id });
    // Someone else with Ada's e-mail but not her record does not count.
    await insertBookingRow(db(), { starts_at: at(NOW - 3 * DAY), client_id: null });
    const [totals] = await clientTotals(db(), [{ email: "", phone: "", clientId: id }], ZONE, NOW);
    expect(totals).toEqual({
      visits: 2,
      noShows: 1,
      lateCancellations: 0,
      spent: 260,
      lastVisitAt: at(NOW - 10 * DAY),
    });
  });

  it("searches by the start of any word of the name or the e-mail, or any run of the phone's digits; pages by name", async () => {
    const at = nowIso();
    const make = (name: string, email: string, phone: string) => ({
      name,
      email,
      phone,
      email_key: email,
      phone_key: phone.replace(/\D/g, ""),
      created_at: at,
      updated_at: at,
    });
    await db()
      .insertInto("clients")
      .values([
        make("Jane Doe", "jane@example.com", "713 555 0142"),
        make("John Smith", "jsmith@mail.test", "281 555 0199"),
        make("Janet 100% Real", "janet@example.com", ""),
        ...Array.from({ length: 30 }, (_, i) => make(`Zed ${String(i).padStart(2, "0")}`, `z${i}@z.test`, "")),
      ])
      .execute();
    for (const { id } of await db().selectFrom("clients").select("id").execute()) await saveClientWords(db(), id);
    const names = async (q: string) => (await listClients(db(), { q, page: 1 }, ZONE, NOW)).rows.map((r) => r.name);
    expect(await names("doe jane")).toEqual(["Jane Doe"]);
    expect(await names("JAN")).toEqual(["Jane Doe", "Janet 100% Real"]);
    expect(await names("mail.test")).toEqual(["John Smith"]);
    expect(await names("(555) 0142")).toEqual(["Jane Doe"]);
    expect(await names("5550199")).toEqual(["John Smith"]);
    expect(await names("555-0142")).toEqual(["Jane Doe"]);
    expect(await names("100%")).toEqual(["Janet 100% Real"]);
    expect(await names("nobody")).toEqual([]);
    // A word's start, not any part of it (the words' index answers it, docs/decisions.md 49).
    expect(await names("ane")).toEqual([]);
    expect(await names("example jan")).toEqual(["Jane Doe", "Janet 100% Real"]);
    const john = (
      await db().selectFrom("clients").select("id").where("name", "=", "John Smith").executeTakeFirstOrThrow()
    ).id;
    await saveClientContact(db(), john, { name: "Johnny Smythe", email: "js@mail.test", phone: "281 555 0199" });
    expect(await names("smy")).toEqual(["Johnny Smythe"]);
    expect(await names("smith")).toEqual([]);
    const second = await listClients(db(), { q: "zed", page: 2 }, ZONE, NOW);
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.rows.map((r) => r.name)).toEqual(["Zed 25", "Zed 26", "Zed 27", "Zed 28", "Zed 29"]);
    const exported = [];
    for await (const row of allClients(db(), "zed", ZONE, NOW, 7)) exported.push(row.name);
    expect(exported).toHaveLength(30);
    expect(exported[0]).toBe("Zed 00");
    expect(exported[29]).toBe("Zed 29");
  });

  it("merging moves every row to the kept client, joins the notes, deletes the other and leaves an audit row", async () => {
    const a = await book({ email: "ada@example.com", phone: "(832) 555-0177" });
    const b = await book({
      start: "2026-12-02T09:00:00-06:00",
      email: "ada.work@example.com",
      phone: "(713) 555-0100",
    });
    const note = await new SubmissionWriter(db()).store(submission("Ada", "ada.work@example.com"), []);
    const [keep, other] = await clients();
    await db().updateTable("clients").set({ notes: "Allergic to latex" }).where("id", "=", keep.id).execute();
    await db().updateTable("clients").set({ notes: "Prefers mornings" }).where("id", "=", other.id).execute();

    expect(await mergeClients(db(), keep.id, other.id, DESK)).toEqual({
      bookings: 1,
      form_submissions: 1,
      waitlist_entries: 0,
    });
    const [kept, ...rest] = await clients();
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      id: keep.id,
      notes: "Allergic to latex\n\nPrefers mornings",
      phone_key: "8325550177",
    });
    expect(await clientOf("bookings", a.id)).toBe(keep.id);
    expect(await clientOf("bookings", b.id)).toBe(keep.id);
    expect(await clientOf("form_submissions", note)).toBe(keep.id);
    const [audit] = await db().selectFrom("audit_log").select(["action", "target", "user_email"]).execute();
    expect(audit).toMatchObject({
      action: `merged client #${other.id} into Ada Client`,
      target: "Clients",
      user_email: DESK.email,
    });
    await expect(mergeClients(db(), keep.id, other.id, DESK)).rejects.toThrow("no longer exists");
  });

  it("erasing keeps the bookings' time but not the person, deletes their messages and mail, and audits without their data", async () => {
    const booked = await book({ email: "ada@example.com", notes: "Gate code 1234" });
    const message = await new SubmissionWriter(db()).store(submission("Ada", "ada@example.com"), [
      { to: "staff@salon.example", subject: "New message from Ada", text: "About Ada", kind: "notification" },
    ]);
    const [ada] = await clients();
    const bea = await book({
      start: "2026-12-02T09:00:00-06:00",
      firstName: "Bea",
      email: "bea@example.com",
      phone: "(281) 555-0111",
    });

    expect(await eraseClient(db(), ada.id, DESK)).toEqual({ bookings: 1, submissions: 1, waitlistEnded: 0 });
    const row = await db().selectFrom("bookings").selectAll().where("id", "=", booked.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: ERASED_CLIENT,
      last_name: "",
      email: "",
      phone: "",
      email_key: "",
      phone_key: "",
      notes: "",
      client_id: null,
      status: "confirmed",
      starts_at: booked.startsAt,
      ends_at: booked.endsAt,
    });
    expect(await db().selectFrom("form_submissions").select("id").where("id", "=", message).execute()).toEqual([]);
    const mail = await db().selectFrom("mail_outbox").select(["to_address", "submission_id"]).execute();
    expect(mail.filter((m) => m.submission_id === message || m.to_address.includes("ada"))).toEqual([]);
    expect((await clients()).map((c) => c.name)).toEqual(["Bea Client"]);
    expect(await clientOf("bookings", bea.id)).not.toBeNull();
    const audits = await db().selectFrom("audit_log").select(["action", "details"]).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0].action).toBe(`erased client #${ada.id} on request`);
    expect(JSON.stringify(audits)).not.toMatch(/ada|Ada|713/);
  });
});

describe(`migration 0018 gives existing rows their clients (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("matches bookings, waiting-list entries and submissions oldest first by the rule; down drops it all", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0017_booking_outcomes")).error).toBeUndefined();
    await sql`INSERT INTO booking_resources (key) VALUES ('service:hair')`.execute(t.db);
    const booking = (n: number, first: string, email: string, phone: string, created: string) =>
      sql`INSERT INTO bookings (kind, resource, duration_minutes, starts_at, ends_at, status, first_name, last_name,
        email, phone, manage_key, source, created_at, updated_at)
        VALUES ('appointment', 'service:hair', 60, '2030-01-01T15:00:00.000Z', '2030-01-01T16:00:00.000Z',
        'confirmed', ${first}, 'Client', ${email}, ${phone}, ${`k${n}`}, 'online', ${created}, ${created})`.execute(
        t.db,
      );
    await booking(1, "Ada", "", "(713) 555-0100", "2025-01-01T00:00:00.000Z");
    await booking(2, "Ada", "Ada@Example.com", "713.555.0100", "2025-02-01T00:00:00.000Z");
    await booking(3, "Kid", "kid@example.com", "7135550100", "2025-03-01T00:00:00.000Z");
    await sql`INSERT INTO bookings (kind, resource, duration_minutes, starts_at, ends_at, status, first_name, last_name,
      email, phone, manage_key, source, created_at, updated_at)
      VALUES ('block', 'service:hair', 60, '2030-01-02T15:00:00.000Z', '2030-01-02T16:00:00.000Z', 'confirmed', '', '',
      '', '', 'kb', 'staff', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`.execute(t.db);
    await sql`INSERT INTO form_submissions (form_type, name, email, phone, status, created_at)
      VALUES ('Contact', 'Ada C', 'ada+news@example.com', NULL, 'new', '2025-03-15T00:00:00.000Z'),
             ('Newsletter', '', 'bea@example.com', NULL, 'new', '2025-04-01T00:00:00.000Z')`.execute(t.db);
    await sql`INSERT INTO waitlist_entries (service, option_name, first_name, last_name, email, phone, from_date, to_date,
      day_parts, status, leave_key, created_at, updated_at)
      VALUES ('hair', 'Cut', 'Bea', 'B', 'BEA@example.com', '', '2030-01-01', '2030-01-02', 'morning', 'waiting', 'l1',
      '2025-05-01T00:00:00.000Z', '2025-05-01T00:00:00.000Z')`.execute(t.db);

    expect((await migrator.migrateTo("0018_clients")).error).toBeUndefined();
    const clients = await sql<{ id: number; name: string; email_key: string; phone_key: string }>`
      SELECT id, name, email_key, phone_key FROM clients ORDER BY id`
      .execute(t.db)
      .then((r) => r.rows);
    expect(clients.map(({ name, email_key, phone_key }) => ({ name, email_key, phone_key }))).toEqual([
      { name: "Ada Client", email_key: "ada@example.com", phone_key: "7135550100" },
      { name: "Kid Client", email_key: "kid@example.com", phone_key: "7135550100" },
      { name: "", email_key: "bea@example.com", phone_key: "" },
    ]);
    const [ada, kid, bea] = clients.map((c) => c.id);
    const of = (table: string) =>
      sql<{ client_id: number | null }>`SELECT client_id FROM ${sql.table(table)} ORDER BY id`
        .execute(t.db)
        .then((r) => r.rows.map((row) => row.client_id));
    expect(await of("bookings")).toEqual([ada, ada, kid, null]);
    expect(await of("form_submissions")).toEqual([ada, bea]);
    expect(await of("waitlist_entries")).toEqual([bea]);
    // New clients get ids after the backfilled ones.
    const next = await sql<{
      id: number;
    }>`INSERT INTO clients (name, email, phone, email_key, phone_key, created_at, updated_at)
      VALUES ('New', '', '', '', '', 'x', 'x') RETURNING id`.execute(t.db);
    expect(next.rows[0].id).toBeGreaterThan(bea);

    expect((await migrator.migrateTo("0017_booking_outcomes")).error).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>`SELECT * FROM bookings`.execute(t.db).then((r) => r.rows);
    expect(row).not.toHaveProperty("client_id");
  });
});
