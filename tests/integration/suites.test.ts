import { CompiledQuery } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
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
} from "~/server/suites/suite-types.server";
import { deleteUnit, findUnit, listUnits, saveUnit } from "~/server/suites/units.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

const ADMIN = { userId: null, email: "owner@example.com" };

const SMALL: SuiteTypeInput = {
  name: "Small Suites",
  slug: "small",
  sizeLabel: "About 120 sq ft",
  weeklyRentFrom: 27500,
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
  weeklyRentCents: null,
});

const leased = (name: string, typeId: number, start: string, end: string | null, rent = 30000): SuiteUnitInput => ({
  ...freeUnit(name, typeId),
  lesseeName: "Maya Torres",
  lesseeEmail: "maya@example.com",
  lesseeSpecialty: "Color",
  leaseStart: start,
  leaseEnd: end,
  weeklyRentCents: rent,
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
    expect(await saveSuiteType(db(), ADMIN, id, { ...SMALL, weeklyRentFrom: 29000 })).toEqual({ ok: true, id });
    expect((await findSuiteType(db(), id))?.weeklyRentFrom).toBe(29000);
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
        weeklyRentFromCents: 27500,
        included: ["Lockable door", "Wi-Fi"],
        freeNow: 1,
      },
      expect.objectContaining({ slug: "empty", freeNow: 0 }),
    ]);
    expect((await listSuiteOffers(db()))[0]).toMatchObject({ description: "A private studio.", photos: SMALL.photos });
  });

  it("sums occupancy and the weekly rent roll of the leases that cover today", async () => {
    const small = await addType();
    const large = await addType({ slug: "large", name: "Large", displayOrder: 2 });
    await addUnit(leased("Suite 1", small, "2026-01-01", null, 27500));
    await addUnit(leased("Suite 2", small, "2025-01-01", "2025-12-31", 99900));
    await addUnit(leased("Suite 7", large, "2026-01-01", "2027-01-01", 45000));
    await addUnit(freeUnit("Suite 8", large));
    await saveSettings(db(), { timeZone: "America/Chicago" }, null);
    expect(await occupancyToday(db(), new Date("2026-11-28T18:00:00Z"))).toEqual({
      day: "2026-11-28",
      units: 4,
      leased: 2,
      weeklyRentRollCents: 72500,
      byType: [
        { typeId: small, name: "Small Suites", units: 2, leased: 1, weeklyRentRollCents: 27500 },
        { typeId: large, name: "Large", units: 2, leased: 1, weeklyRentRollCents: 45000 },
      ],
    });
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
      weekly_rent_cents: 30000,
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

  it("seeds the default types and twelve units with example leases on a new install", async () => {
    await seedDefaults(db());
    const types = await listSuiteTypes(db());
    expect(types.map((t) => t.name)).toEqual(DEFAULT_SUITE_TYPES.map((t) => t.name));
    const units = await db().selectFrom("suite_units").selectAll().execute();
    expect(units).toHaveLength(DEFAULT_SUITE_UNITS.length);
    expect(units.filter((u) => u.lessee_name)).toHaveLength(EXAMPLE_LEASES.length);
    expect(types.map((t) => t.freeNow)).toEqual([2, 0, 2]);

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
    expect((await listSuiteTypes(db())).map((t) => t.freeNow)).toEqual([6, 3, 3]);

    await db().deleteFrom("suite_units").execute();
    await seedDefaults(db());
    expect(await db().selectFrom("suite_units").selectAll().execute()).toEqual([]);
  });
});
