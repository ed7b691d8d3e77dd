import fs from "node:fs";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { SERVICE_MENU } from "~/content/service-pages";
import { readServiceOptions } from "~/lib/booking/service-options";
import { ContentService } from "~/server/content/content.server";
import { migrateToLatest } from "~/server/db/database.server";
import { migrations } from "../../migrations/index";
import { imageRow } from "../support/content-rows";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-db";

/**
 * The tables and columns schema.ts declares, read from its source: the Database interface maps
 * table names to row interfaces, whose fields are the columns. Reading the source (rather than a
 * hand-kept list) means a table added to schema.ts without a migration fails this test.
 */
function declaredSchema(): Map<string, string[]> {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/server/db/schema.ts"), "utf8");
  const body = (name: string) => {
    const match = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source);
    if (!match) throw new Error(`interface ${name} not found in schema.ts`);
    return match[1]
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("/") && !line.startsWith("*"));
  };
  const tables = new Map<string, string[]>();
  for (const line of body("Database")) {
    const [, table, rowType] = /^(\w+):\s*(\w+);$/.exec(line) ?? [];
    if (!table) throw new Error(`unexpected line in Database: ${line}`);
    tables.set(
      table,
      body(rowType).map((field) => /^(\w+)\??:/.exec(field)![1]),
    );
  }
  return tables;
}

/** The nail options' built-in names before 0014. */
const OLD_NAILS = [
  "Classic Manicure",
  "Gel Manicure",
  "Classic Pedicure",
  "Spa Pedicure",
  "Gel Pedicure",
  "Acrylic Full Set",
  "Acrylic Fill",
  "Dip Powder Manicure",
  "Gel-X Extensions",
  "Nail Art (per set)",
  "Polish Change",
  "Paraffin Hand Treatment",
];

describe(`migrations (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("creates every table and column of schema.ts on an empty database", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    expect(await t.db.introspection.getTables()).toEqual([]);

    await migrateToLatest(t.db);

    const declared = declaredSchema();
    expect(declared.size).toBeGreaterThanOrEqual(11);
    const actual = new Map((await t.db.introspection.getTables()).map((table) => [table.name, table]));
    expect([...actual.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [table, columns] of declared) {
      const actualColumns = actual.get(table)!.columns.map((c) => c.name);
      expect(actualColumns.sort(), `columns of ${table}`).toEqual([...columns].sort());
    }
  });

  it("is a no-op the second time: nothing re-run, data kept", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    await migrateToLatest(t.db);
    await t.db.insertInto("app_meta").values({ key: "marker", value: "still here" }).execute();
    const tablesBefore = await t.db.introspection.getTables();

    await migrateToLatest(t.db);

    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);
    const status = await migrator.getMigrations();
    expect(status.map((m) => m.name)).toEqual(Object.keys(migrations));
    expect(status.every((m) => m.executedAt instanceof Date)).toBe(true);

    expect(await t.db.introspection.getTables()).toEqual(tablesBefore);
    const marker = await t.db.selectFrom("app_meta").select("value").where("key", "=", "marker").executeTakeFirst();
    expect(marker?.value).toBe("still here");
  });

  it("0006 lets a mail wait without a body and keeps every queued mail, its id and the id counter", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0005_totp_last_step")).error).toBeUndefined();
    const queued = (subject: string, text: string | null) => ({
      to_address: "staff@salon.example",
      subject,
      text_body: text,
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: "2026-11-23T10:00:00.000Z",
      created_at: "2026-11-23T10:00:00.000Z",
    });
    // The table as 0005 left it: a body is required.
    await expect(t.db.insertInto("mail_outbox").values(queued("No body", null)).execute()).rejects.toThrow();
    for (const subject of ["One", "Two", "Three"]) {
      await t.db
        .insertInto("mail_outbox")
        .values(queued(subject, `${subject} body`))
        .execute();
    }
    await t.db.deleteFrom("mail_outbox").where("subject", "=", "Three").execute();
    const before = await t.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

    expect((await migrator.migrateTo("0006_mail_body_at_send")).error).toBeUndefined();

    expect(await t.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute()).toEqual(before);
    const later = await t.db
      .insertInto("mail_outbox")
      .values(queued("Composed when sent", null))
      .returning("id")
      .executeTakeFirstOrThrow();
    // A deleted mail's id is not handed out again.
    expect(later.id).toBe(before.at(-1)!.id + 2);
    const indexes =
      testDialect === "postgres"
        ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'mail_outbox'`.execute(
            t.db,
          )
        : await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox'`.execute(t.db);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["mail_outbox_due", "mail_outbox_submission"]),
    );

    // Down again: a waiting mail gets an empty body, and a body is required once more.
    expect((await migrator.migrateTo("0005_totp_last_step")).error).toBeUndefined();
    const bodies = await t.db.selectFrom("mail_outbox").select(["subject", "text_body"]).orderBy("id").execute();
    expect(bodies).toEqual([
      { subject: "One", text_body: "One body" },
      { subject: "Two", text_body: "Two body" },
      { subject: "Composed when sent", text_body: "" },
    ]);
    await expect(t.db.insertInto("mail_outbox").values(queued("No body", null)).execute()).rejects.toThrow();
  });

  it("0007 lists the site's photographs beside the uploads; down takes them off and keeps the uploads", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0006_mail_body_at_send")).error).toBeUndefined();
    const image = (key: string) => imageRow(key, "2026-11-23T10:00:00.000Z");
    await t.db.insertInto("site_images").values(image("2026/11/upload-0a1b2c3d4e.jpg")).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // An upload from before is an upload.
    expect(await t.db.selectFrom("site_images").select(["storage_key", "builtin"]).execute()).toEqual([
      { storage_key: "2026/11/upload-0a1b2c3d4e.jpg", builtin: 0 },
    ]);
    await t.db
      .insertInto("site_images")
      .values({ ...image("gallery-1.jpg"), builtin: 1 })
      .execute();

    expect((await migrator.migrateTo("0006_mail_body_at_send")).error).toBeUndefined();
    expect(await t.db.selectFrom("site_images").select("storage_key").execute()).toEqual([
      { storage_key: "2026/11/upload-0a1b2c3d4e.jpg" },
    ]);
  });

  it("0009 gives a queued mail a calendar part; down drops it and keeps the mail", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0009_booking_calendar")).error).toBeUndefined();
    const mail = {
      to_address: "ada@example.com",
      subject: "Your appointment is confirmed",
      text_body: "See you",
      calendar_body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: "2026-11-23T10:00:00.000Z",
      created_at: "2026-11-23T10:00:00.000Z",
    };
    await t.db.insertInto("mail_outbox").values(mail).execute();
    expect((await migrator.migrateTo("0008_bookings")).error).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>`SELECT * FROM mail_outbox`.execute(t.db).then((r) => r.rows);
    expect(row).toMatchObject({ subject: "Your appointment is confirmed", text_body: "See you" });
    expect(row).not.toHaveProperty("calendar_body");
  });

  it("0010 starts each booking's sequence above the SEQUENCE its invitations carried and marks the clients' calendars that hold an event; down drops the columns", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0009_booking_calendar")).error).toBeUndefined();
    await t.db.insertInto("booking_resources").values({ key: "service:hair" }).execute();
    const booking = (id: number, values: { status: string; source?: string; email?: string; updated_at?: string }) =>
      sql`INSERT INTO bookings (id, kind, resource, service, duration_minutes, starts_at, ends_at, status, email,
            manage_key, source, created_at, updated_at)
          VALUES (${id}, 'appointment', 'service:hair', 'hair', 60, '2026-12-01T15:00:00.000Z',
            '2026-12-01T16:00:00.000Z', ${values.status}, ${values.email ?? "ada@example.com"}, 'k', ${values.source ?? "online"},
            '2026-11-20T10:00:00.000Z', ${values.updated_at ?? "2026-11-20T10:00:00.000Z"})`.execute(t.db);
    // Confirmed, changed 90.5 s after it was made: its last invitation said SEQUENCE 90.
    await booking(1, { status: "confirmed", updated_at: "2026-11-20T10:01:30.500Z" });
    // A request never confirmed; one the front desk confirmed and the client moved back; one made by the desk.
    await booking(2, { status: "requested" });
    await booking(3, { status: "requested", updated_at: "2026-11-21T10:00:00.000Z" });
    await booking(4, { status: "proposed", source: "staff" });
    await booking(5, { status: "confirmed", email: "" });
    await sql`INSERT INTO audit_log (action, target, details, created_at)
      VALUES ('confirmed a booking', 'Ada', '{"id":3}', '2026-11-20T11:00:00.000Z')`.execute(t.db);
    await sql`INSERT INTO staff (name, calendar_token, created_at, updated_at)
      VALUES ('Bea', 'token', '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')`.execute(t.db);

    expect((await migrator.migrateTo("0010_booking_sequence_notices")).error).toBeUndefined();
    const rows = await t.db
      .selectFrom("bookings")
      .select(["id", "sequence", "client_calendar_sent", "salon_calendar_sent", "lapse_warned_for"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.id, Number(r.sequence), Number(r.client_calendar_sent)])).toEqual([
      [1, 91, 1],
      [2, 0, 0],
      [3, 86401, 1],
      [4, 0, 1],
      [5, 0, 0],
    ]);
    expect(rows.every((r) => Number(r.salon_calendar_sent) === 0 && r.lapse_warned_for === null)).toBe(true);
    expect(await t.db.selectFrom("staff").select("email").execute()).toEqual([{ email: "" }]);

    expect((await migrator.migrateTo("0009_booking_calendar")).error).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>`SELECT * FROM bookings WHERE id = 1`
      .execute(t.db)
      .then((r) => r.rows);
    expect(row).toMatchObject({ status: "confirmed" });
    expect(row).not.toHaveProperty("sequence");
    expect(row).not.toHaveProperty("client_calendar_sent");
    const [person] = await sql<Record<string, unknown>>`SELECT * FROM staff`.execute(t.db).then((r) => r.rows);
    expect(person).not.toHaveProperty("email");
  });

  it("0011 keys the existing bookings and the last days' mail, starts the rate limits afresh; down keeps the rows", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0009_booking_calendar")).error).toBeUndefined();
    const at = new Date().toISOString();
    await sql`INSERT INTO booking_resources (key) VALUES ('service:hair')`.execute(t.db);
    await sql`INSERT INTO bookings (kind, resource, duration_minutes, starts_at, ends_at, status, email, phone,
      manage_key, source, created_at, updated_at)
      VALUES ('appointment', 'service:hair', 120, '2030-01-01T15:00:00.000Z', '2030-01-01T17:00:00.000Z',
      'requested', ' Ada+Salon@Example.com', '+1 (713) 555-0100', 'k', 'online', ${at}, ${at})`.execute(t.db);
    const mail = (to: string, created: string) =>
      sql`INSERT INTO mail_outbox (to_address, subject, text_body, status, attempts, next_attempt_at, created_at)
        VALUES (${to}, 'Hello', 'x', 'sent', 1, ${created}, ${created})`.execute(t.db);
    await mail("Bea+1@Example.com", at);
    await mail("old@example.com", "2020-01-01T00:00:00.000Z");
    await sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('198.51.100.1', 0, 3)`.execute(t.db);

    expect((await migrator.migrateTo("0011_booking_client_limits")).error).toBeUndefined();
    const keys = await sql<{ email_key: string; phone_key: string }>`SELECT email_key, phone_key FROM bookings`
      .execute(t.db)
      .then((r) => r.rows);
    expect(keys).toEqual([{ email_key: "ada@example.com", phone_key: "7135550100" }]);
    const mails = await sql<{ to_key: string }>`SELECT to_key FROM mail_outbox ORDER BY id`
      .execute(t.db)
      .then((r) => r.rows);
    expect(mails).toEqual([{ to_key: "bea@example.com" }, { to_key: "" }]);
    expect(await sql`SELECT * FROM rate_limits`.execute(t.db).then((r) => r.rows)).toEqual([]);

    expect((await migrator.migrateTo("0009_booking_calendar")).error).toBeUndefined();
    const [booking] = await sql<Record<string, unknown>>`SELECT * FROM bookings`.execute(t.db).then((r) => r.rows);
    expect(booking).toMatchObject({ email: " Ada+Salon@Example.com" });
    expect(booking).not.toHaveProperty("email_key");
    const [first] = await sql<Record<string, unknown>>`SELECT * FROM mail_outbox`.execute(t.db).then((r) => r.rows);
    expect(first).not.toHaveProperty("to_key");
  });

  it("0021 keys the bookings written without their client's keys (times held from the waiting list) and leaves the others", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0020_report_indexes")).error).toBeUndefined();
    const at = new Date().toISOString();
    await sql`INSERT INTO booking_resources (key) VALUES ('service:hair')`.execute(t.db);
    const booking = (key: string, email: string, phone: string, emailKey: string) =>
      sql`INSERT INTO bookings (kind, resource, duration_minutes, starts_at, ends_at, status, email, phone, email_key,
        manage_key, source, created_at, updated_at)
        VALUES ('appointment', 'service:hair', 60, '2030-01-01T15:00:00.000Z', '2030-01-01T16:00:00.000Z',
        'offered', ${email}, ${phone}, ${emailKey}, ${key}, 'online', ${at}, ${at})`.execute(t.db);
    await booking("held", "Ada+List@Example.com", "(713) 555-0101", "");
    await booking("keyed", "bea@example.com", "", "kept@example.com");
    await booking("none", "", "", "");

    expect((await migrator.migrateTo("0021_waitlist_booking_keys")).error).toBeUndefined();
    const keys = await sql<{ manage_key: string; email_key: string; phone_key: string }>`
      SELECT manage_key, email_key, phone_key FROM bookings ORDER BY id`
      .execute(t.db)
      .then((r) => r.rows);
    expect(keys).toEqual([
      { manage_key: "held", email_key: "ada@example.com", phone_key: "7135550101" },
      { manage_key: "keyed", email_key: "kept@example.com", phone_key: "" },
      { manage_key: "none", email_key: "", phone_key: "" },
    ]);
  });

  it("0014 gives an untouched old option list the new menu and keeps an edited one, with the lengths and prices it showed", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0013_manage_link_lookup")).error).toBeUndefined();
    const oldNails = OLD_NAILS;
    const row = (page: string, value: unknown) => ({
      page,
      section: "booking",
      content_key: "service_options",
      content_value: typeof value === "string" ? value : JSON.stringify(value),
      content_type: "json" as const,
      updated_at: "2026-11-20T10:00:00.000Z",
      updated_by: null,
    });
    await t.db
      .insertInto("site_content")
      .values([
        // The old default, as the editor stored it untouched.
        row("service-nails", oldNails),
        // Edited: one option removed, one added, one priced by the owner.
        row("service-hair", [
          "Men's Haircut",
          "Fringe Trim",
          { name: "Balayage", durationMinutes: 200, price: "$300+" },
        ]),
        // Priced by the owner throughout: nothing to change.
        row("service-lashes", [{ name: "Lash Lift", durationMinutes: 50, price: "$80" }]),
        row("service-makeup", "{not json"),
        row("service-hair-x", ["Men's Haircut"]),
      ])
      .execute();

    expect((await migrator.migrateTo("0014_service_menu_prices")).error).toBeUndefined();
    const stored = Object.fromEntries(
      (await t.db.selectFrom("site_content").select(["page", "content_value"]).execute()).map((r) => [
        r.page,
        r.content_value,
      ]),
    );
    expect(stored["service-nails"]).toBeUndefined();
    expect(JSON.parse(stored["service-hair"])).toEqual([
      { name: "Men's Haircut", durationMinutes: 45, price: "$65" },
      { name: "Fringe Trim", durationMinutes: 120, price: "$150" },
      { name: "Balayage", durationMinutes: 200, price: "$300+" },
    ]);
    expect(JSON.parse(stored["service-lashes"])).toEqual([{ name: "Lash Lift", durationMinutes: 50, price: "$80" }]);
    expect(stored["service-makeup"]).toBe("{not json");
    expect(JSON.parse(stored["service-hair-x"])).toEqual(["Men's Haircut"]);

    // The site reads the built-in menu where the old default was.
    const content = new ContentService(t.db);
    expect(readServiceOptions((await content.getPage("service-nails")).service_options)).toEqual(SERVICE_MENU.nails);
  });
});
