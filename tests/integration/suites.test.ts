import { CompiledQuery, Migrator, sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { migrations } from "../../migrations";
import { DEFAULT_SUITE_TYPES, DEFAULT_SUITE_UNITS, EXAMPLE_LEASES } from "~/content/suite-types";
import type { SuiteTypeInput, SuiteUnitInput } from "~/lib/suites/forms";
import { seedDefaults } from "~/server/content/seed.server";
import { saveSettings } from "~/server/settings/settings.server";
import { occupancyByType, occupancyQuery, occupancyToday } from "~/server/suites/occupancy.server";
import {
  deleteSuiteType,
  findSuiteType,
  listSuiteOffers,
  listSuiteTypes,
  saveSuiteType,
  suiteTypeChoices,
} from "~/server/suites/suite-types.server";
import { deleteUnit, findUnit, listUnits, saveUnit } from "~/server/suites/units.server";
import { clearTables, createTestDatabase, testDialect, useTestDatabase, type TestDatabase } from "../support/test-db";

const ADMIN = { userId: null, email: "owner@example.com" };

const SMALL: SuiteTypeInput = {
  name: "Small Suites",
  slug: "small",
  sizeLabel: "About 120 sq ft",
  rentPeriod: "week",
  rentFrom: 27500,
  included: ["Lockable door", "Wi-Fi"],
  description: "A private studio.",
  displayOrder: 1,
  photos: [{ src: "/images/suites-gallery-1.jpg", alt: "A private suite" }],
};

const freeUnit = (name: string, typeId: number): SuiteUnitInput => ({
  name,
  typeId,
  lesseeName: "",
  lesseeEmail: "",
  lesseePhone: "",
  lesseeSpecialty: "",
  leaseStart: null,
  leaseEnd: null,
  rentCents: null,
});

const leased = (name: string, typeId: number, start: string, end: string | null, rent = 30000): SuiteUnitInput => ({
  ...freeUnit(name, typeId),
  lesseeName: "Maya Torres",
  lesseeEmail: "maya@example.com",
  lesseeSpecialty: "Color",
  leaseStart: start,
  leaseEnd: end,
  rentCents: rent,
});

describe(`suites inventory (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;

  beforeEach(async () => {
    await clearTables(db(), ["suite_units", "suite_types", "app_meta", "settings", "hero_slides", "site_images"]);
  });

  async function addType(input: Partial<SuiteTypeInput> = {}): Promise<number> {
    const saved = await saveSuiteType(db(), ADMIN, null, { ...SMALL, ...input });
    if (!saved.ok) throw new Error(saved.reason);
    return saved.id;
  }

  async function addUnit(input: SuiteUnitInput): Promise<number> {
    const saved = await saveUnit(db(), ADMIN, null, input);
    if (!saved.ok) throw new Error(saved.reason);
    return saved.id;
  }

  it("adds, reads, saves and deletes a suite type; a web name names one type", async () => {
    const id = await addType();
    expect(await findSuiteType(db(), id)).toEqual({ id, ...SMALL });

    expect(await saveSuiteType(db(), ADMIN, null, { ...SMALL, name: "Other" })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    const large = await addType({ name: "Large Suites / Duos", slug: "large", displayOrder: 0 });
    expect(await saveSuiteType(db(), ADMIN, large, { ...SMALL, slug: "small" })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect(await saveSuiteType(db(), ADMIN, id, { ...SMALL, rentFrom: 29000 })).toEqual({ ok: true, id });
    expect((await findSuiteType(db(), id))?.rentFrom).toBe(29000);
    expect((await listSuiteTypes(db())).map((t) => t.slug)).toEqual(["large", "small"]);

    expect(await deleteSuiteType(db(), ADMIN, large)).toEqual({ ok: true, name: "Large Suites / Duos" });
    expect(await deleteSuiteType(db(), ADMIN, large)).toBeNull();
  });

  it("keeps a type that still has units, and says how many", async () => {
    const id = await addType();
    await addUnit(freeUnit("Suite 1", id));
    await addUnit(freeUnit("Suite 2", id));
    expect(await deleteSuiteType(db(), ADMIN, id)).toEqual({ ok: false, name: "Small Suites", units: 2 });
    expect(await findSuiteType(db(), id)).not.toBeNull();
  });

  it("adds, saves and deletes a unit; a unit's name and type are checked", async () => {
    const type = await addType();
    const id = await addUnit(leased("Suite 1", type, "2026-01-01", "2026-12-31"));
    expect(await findUnit(db(), id)).toEqual({
      id,
      typeName: "Small Suites",
      rentPeriod: "week",
      ...leased("Suite 1", type, "2026-01-01", "2026-12-31"),
    });
    expect(await saveUnit(db(), ADMIN, null, freeUnit("Suite 1", type))).toEqual({ ok: false, reason: "name-taken" });
    expect(await saveUnit(db(), ADMIN, null, freeUnit("Suite 9", type + 100))).toEqual({
      ok: false,
      reason: "no-type",
    });
    expect(await saveUnit(db(), ADMIN, id, freeUnit("Suite 1", type))).toEqual({ ok: true, id });
    expect((await findUnit(db(), id))?.lesseeName).toBe("");
    expect(await deleteUnit(db(), ADMIN, id)).toBe("Suite 1");
    expect(await findUnit(db(), id)).toBeNull();
  });

  it("lists units a page at a time, by type then name, with whether a lease covers the day", async () => {
    const small = await addType({ displayOrder: 1 });
    const large = await addType({ slug: "large", name: "Large", displayOrder: 0 });
    for (const n of [3, 1, 2]) await addUnit(freeUnit(`Suite ${n}`, small));
    await addUnit(leased("Suite 7", large, "2026-01-01", null));
    const first = await listUnits(db(), "2026-11-28", 1, 3);
    expect(first).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(first.units.map((u) => [u.name, u.leasedOnDay])).toEqual([
      ["Suite 7", true],
      ["Suite 1", false],
      ["Suite 2", false],
    ]);
    expect((await listUnits(db(), "2026-11-28", 2, 3)).units.map((u) => u.name)).toEqual(["Suite 3"]);
    expect((await listUnits(db(), "2026-11-28", 99, 3)).page).toBe(2);
  });

  it("counts a unit free from the day after its lease ends, and not before its lease starts", async () => {
    const type = await addType();
    await addUnit(leased("Suite 1", type, "2026-01-01", "2026-11-28"));
    await addUnit(leased("Suite 2", type, "2026-11-29", null));
    await addUnit(freeUnit("Suite 3", type));
    const freeOn = async (day: string) => {
      const [o] = await occupancyByType(db(), day);
      return o.units - o.leased;
    };
    expect(await freeOn("2026-11-28")).toBe(2); // Suite 2 not begun, Suite 3 empty
    expect(await freeOn("2026-11-29")).toBe(2); // Suite 1 over, Suite 2 begun
    expect(await freeOn("2025-12-31")).toBe(3);
    expect(await freeOn("2026-06-01")).toBe(2);
  });

  it("reads 'free now' on the salon's date, not the server's", async () => {
    const type = await addType();
    await addUnit(leased("Suite 1", type, "2026-01-01", "2026-11-28"));
    // 03:00 UTC on the 29th is still the evening of the 28th in Chicago: the lease still covers it.
    const now = new Date("2026-11-29T03:00:00Z");
    await saveSettings(db(), { timeZone: "America/Chicago" }, null);
    expect((await listSuiteTypes(db(), now))[0].freeNow).toBe(0);
    await saveSettings(db(), { timeZone: "Europe/Berlin" }, null);
    expect((await listSuiteTypes(db(), now))[0].freeNow).toBe(1);
  });

  it("gives the interface the application and tours read", async () => {
    const type = await addType();
    await addUnit(freeUnit("Suite 1", type));
    await addType({ slug: "empty", name: "Empty", displayOrder: 2 });
    expect(await listSuiteTypes(db(), new Date("2026-11-28T12:00:00Z"))).toEqual([
      {
        id: type,
        slug: "small",
        name: "Small Suites",
        sizeLabel: "About 120 sq ft",
        rentPeriod: "week",
        rentFromCents: 27500,
        included: ["Lockable door", "Wi-Fi"],
        freeNow: 1,
      },
      expect.objectContaining({ slug: "empty", freeNow: 0 }),
    ]);
    expect((await listSuiteOffers(db()))[0]).toMatchObject({ description: "A private studio.", photos: SMALL.photos });
  });

  it("sums occupancy and the rent roll of the leases that cover today, a week's and a day's apart", async () => {
    const small = await addType();
    const large = await addType({ slug: "large", name: "Large", displayOrder: 2 });
    const daily = await addType({
      slug: "daily",
      name: "Daily Rentals",
      rentPeriod: "day",
      rentFrom: 6500,
      displayOrder: 3,
    });
    await addUnit(leased("Suite 1", small, "2026-01-01", null, 27500));
    await addUnit(leased("Suite 2", small, "2025-01-01", "2025-12-31", 99900));
    await addUnit(leased("Suite 7", large, "2026-01-01", "2027-01-01", 45000));
    await addUnit(freeUnit("Suite 8", large));
    // A day chair rented for today, one rented yesterday, one free.
    await addUnit(leased("Day Chair 1", daily, "2026-11-28", "2026-11-28", 6500));
    await addUnit(leased("Day Chair 2", daily, "2026-11-27", "2026-11-27", 7000));
    await addUnit(freeUnit("Day Chair 3", daily));
    await saveSettings(db(), { timeZone: "America/Chicago" }, null);
    expect(await occupancyToday(db(), new Date("2026-11-28T18:00:00Z"))).toEqual({
      day: "2026-11-28",
      units: 7,
      leased: 3,
      rentRollCents: { week: 72500, day: 6500 },
      byType: [
        { typeId: small, name: "Small Suites", rentPeriod: "week", units: 2, leased: 1, rentRollCents: 27500 },
        { typeId: large, name: "Large", rentPeriod: "week", units: 2, leased: 1, rentRollCents: 45000 },
        { typeId: daily, name: "Daily Rentals", rentPeriod: "day", units: 3, leased: 1, rentRollCents: 6500 },
      ],
    });
    expect((await listSuiteTypes(db(), new Date("2026-11-28T18:00:00Z")))[2]).toMatchObject({
      rentPeriod: "day",
      rentFromCents: 6500,
      freeNow: 2,
    });
    expect((await findUnit(db(), (await listUnits(db(), "2026-11-28", 1, 20)).units[4].id))?.rentPeriod).toBe("day");
  });

  it("keeps a type's rent period: by the day reads back by the day", async () => {
    const id = await addType({ slug: "daily", name: "Daily Rentals", rentPeriod: "day", rentFrom: 6500 });
    expect(await findSuiteType(db(), id)).toMatchObject({ rentPeriod: "day", rentFrom: 6500 });
    expect(await saveSuiteType(db(), ADMIN, id, { ...SMALL, slug: "daily", rentPeriod: "week" })).toEqual({
      ok: true,
      id,
    });
    expect((await findSuiteType(db(), id))?.rentPeriod).toBe("week");
  });

  it("offers the application and the tour the types in the database, in display order, one added included", async () => {
    await addType({ displayOrder: 1 });
    await addType({ slug: "bridal", name: "Bridal Suite", displayOrder: 0 });
    expect(await suiteTypeChoices(db())).toEqual([
      { slug: "bridal", name: "Bridal Suite" },
      { slug: "small", name: "Small Suites" },
    ]);
  });

  it("reads occupancy through the covering index", async () => {
    const type = await addType();
    // A chain's inventory over several types, leased with lessees' details (rows wider than the index).
    const types = [
      type,
      await addType({ slug: "large", name: "Large" }),
      await addType({ slug: "station", name: "Stations" }),
    ];
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      type_id: types[i % 3],
      name: `Unit ${i}`,
      lessee_name: i % 3 ? `Lessee number ${i}` : "",
      lessee_email: i % 3 ? `lessee${i}@example.com` : "",
      lessee_specialty: i % 3 ? "Balayage and color" : "",
      lease_start: i % 3 ? "2026-01-01" : null,
      lease_end: null,
      rent_cents: 30000,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto("suite_units")
        .values(rows.slice(i, i + 500))
        .execute();
    // PostgreSQL reads an index alone once VACUUM has marked the table's pages all-visible.
    await db().executeQuery(CompiledQuery.raw(testDialect === "postgres" ? "VACUUM ANALYZE suite_units" : "ANALYZE"));
    const { sql, parameters } = occupancyQuery(db(), "2026-11-28").compile();
    const prefix = testDialect === "postgres" ? "EXPLAIN " : "EXPLAIN QUERY PLAN ";
    // PostgreSQL reads a table this small straight through when that is cheaper; with sequential
    // scans priced out, the plan shows the index can answer the query alone (no index: still a Seq Scan).
    const plan = await db()
      .connection()
      .execute(async (connection) => {
        if (testDialect === "postgres") await connection.executeQuery(CompiledQuery.raw("SET enable_seqscan = off"));
        const result = await connection.executeQuery<Record<string, string>>(
          CompiledQuery.raw(prefix + sql, [...parameters]),
        );
        if (testDialect === "postgres") await connection.executeQuery(CompiledQuery.raw("RESET enable_seqscan"));
        return result.rows.map((row) => row["QUERY PLAN"] ?? row.detail).join("\n");
      });
    expect(plan).toMatch(/suite_units_type_lease/);
    expect(plan).toMatch(/Index Only Scan|COVERING INDEX/);
  });

  it("seeds the four default types and fourteen units with example leases on a new install", async () => {
    await seedDefaults(db());
    const types = await listSuiteTypes(db());
    expect(types.map((t) => t.name)).toEqual(DEFAULT_SUITE_TYPES.map((t) => t.name));
    const units = await db().selectFrom("suite_units").selectAll().execute();
    expect(units).toHaveLength(DEFAULT_SUITE_UNITS.length);
    expect(units.filter((u) => u.lessee_name)).toHaveLength(EXAMPLE_LEASES.length);
    expect(types.map((t) => t.name)).toEqual(["Small Suites", "Large Suites / Duos", "Hair Stations", "Daily Rentals"]);
    expect(types.map((t) => t.freeNow)).toEqual([2, 0, 2, 2]);
    expect(types.map((t) => `${t.rentPeriod} ${t.rentFromCents}`)).toEqual([
      "week 27500",
      "week 42500",
      "week 19500",
      "day 6500",
    ]);

    await seedDefaults(db());
    expect(await db().selectFrom("suite_units").selectAll().execute()).toHaveLength(DEFAULT_SUITE_UNITS.length);
  });

  it("seeds an existing install with the types and free units only, once", async () => {
    // An install from before the suites: its defaults were seeded already.
    await db().insertInto("app_meta").values({ key: "seeded_at", value: "2026-01-01T00:00:00.000Z" }).execute();
    await seedDefaults(db());
    const units = await db().selectFrom("suite_units").selectAll().execute();
    expect(units).toHaveLength(DEFAULT_SUITE_UNITS.length);
    expect(units.every((u) => u.lessee_name === "" && u.lease_start === null)).toBe(true);
    expect((await listSuiteTypes(db())).map((t) => t.freeNow)).toEqual([6, 3, 3, 2]);

    await db().deleteFrom("suite_units").execute();
    await seedDefaults(db());
    expect(await db().selectFrom("suite_units").selectAll().execute()).toEqual([]);
  });

  it("gives an install seeded before Daily Rentals that type and its chairs, after its own types, once", async () => {
    // An install that ran the first suites seed (three types, their units, an owner's own type last).
    const small = await addType({ displayOrder: 0 });
    await addType({ slug: "bridal", name: "Bridal Suite", displayOrder: 7 });
    await addUnit(leased("Suite 1", small, "2026-01-01", null, 27500));
    for (const key of ["seeded_at", "site_photos_seeded_at", "suites_seeded_at", "suite_manager_seeded_at"])
      await db().insertInto("app_meta").values({ key, value: "2026-01-01T00:00:00.000Z" }).execute();
    await seedDefaults(db());
    const types = await listSuiteTypes(db());
    expect(types.map((t) => t.name)).toEqual(["Small Suites", "Bridal Suite", "Daily Rentals"]);
    expect(types[2]).toMatchObject({ slug: "daily", rentPeriod: "day", rentFromCents: 6500, freeNow: 2 });
    expect(await findSuiteType(db(), types[2].id)).toMatchObject({ displayOrder: 8 });
    const units = await db().selectFrom("suite_units").select(["name", "lessee_name"]).orderBy("name").execute();
    expect(units).toEqual([
      { name: "Day Chair 1", lessee_name: "" },
      { name: "Day Chair 2", lessee_name: "" },
      { name: "Suite 1", lessee_name: "Maya Torres" },
    ]);

    // Deleted by the owner, it does not come back at the next start.
    await db().deleteFrom("suite_units").where("type_id", "=", types[2].id).execute();
    await deleteSuiteType(db(), ADMIN, types[2].id);
    await seedDefaults(db());
    expect((await suiteTypeChoices(db())).map((t) => t.slug)).toEqual(["small", "bridal"]);
  });
});

describe(`migration 0029 gives suite types a rent period, keeping every rent (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("keeps the stored rents as rents a week; down gives the weekly columns back", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0028_applicants")).error).toBeUndefined();
    const at = "2026-01-01T00:00:00.000Z";
    await sql`INSERT INTO suite_types (slug, name, size_label, weekly_rent_from_cents, created_at, updated_at)
      VALUES ('small', 'Small Suites', 'About 120 sq ft', 27500, ${at}, ${at})`.execute(t.db);
    await sql`INSERT INTO suite_units (type_id, name, lease_start, weekly_rent_cents, created_at, updated_at)
      SELECT id, 'Suite 1', '2026-01-01', 29000, ${at}, ${at} FROM suite_types`.execute(t.db);

    expect((await migrator.migrateTo("0029_suite_rent_period")).error).toBeUndefined();
    const types = await sql<Record<string, unknown>>`SELECT rent_period, rent_from_cents FROM suite_types`
      .execute(t.db)
      .then((r) => r.rows);
    expect(types).toEqual([{ rent_period: "week", rent_from_cents: 27500 }]);
    const units = await sql<Record<string, unknown>>`SELECT rent_cents FROM suite_units`
      .execute(t.db)
      .then((r) => r.rows);
    expect(units).toEqual([{ rent_cents: 29000 }]);

    expect((await migrator.migrateTo("0028_applicants")).error).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>`SELECT * FROM suite_types`.execute(t.db).then((r) => r.rows);
    expect(row).toMatchObject({ weekly_rent_from_cents: 27500 });
    expect(row).not.toHaveProperty("rent_period");
  });
});
