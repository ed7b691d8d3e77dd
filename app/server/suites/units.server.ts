import type { SuiteUnitInput } from "~/lib/suites/forms";
import { leaseCoversDay, rentPeriodOf, type RentPeriod } from "~/lib/suites/suites";
import { audit } from "../audit/audit.server";
import { nowIso, type DbOrTx } from "../db/database.server";

/** A unit as the admin lists and edits it. */
export interface SuiteUnitRecord extends SuiteUnitInput {
  id: number;
  typeName: string;
  /** The period of its type, which its rent is in. */
  rentPeriod: RentPeriod;
}

/** A page of units in the admin's list, with whether a lease covers `day`. */
export interface UnitsPage {
  units: (SuiteUnitRecord & { leasedOnDay: boolean })[];
  total: number;
  page: number;
  pages: number;
}

type Actor = { userId: number | null; email: string | null };

function unitQuery(db: DbOrTx) {
  return db
    .selectFrom("suite_units as u")
    .innerJoin("suite_types as t", "t.id", "u.type_id")
    .select([
      "u.id",
      "u.name",
      "u.type_id",
      "t.name as type_name",
      "u.lessee_name",
      "u.lessee_email",
      "u.lessee_phone",
      "u.lessee_specialty",
      "u.lease_start",
      "u.lease_end",
      "u.rent_cents",
      "t.rent_period",
    ]);
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitQuery>["executeTakeFirstOrThrow"]>>;

const toRecord = (row: UnitRow): SuiteUnitRecord => ({
  id: row.id,
  name: row.name,
  typeId: row.type_id,
  typeName: row.type_name,
  lesseeName: row.lessee_name,
  lesseeEmail: row.lessee_email,
  lesseePhone: row.lessee_phone,
  lesseeSpecialty: row.lessee_specialty,
  leaseStart: row.lease_start,
  leaseEnd: row.lease_end,
  rentCents: row.rent_cents,
  rentPeriod: rentPeriodOf(row.rent_period),
});

/** Units by type (in display order) then by name, `perPage` a page; a page past the end shows the last. */
export async function listUnits(db: DbOrTx, day: string, page: number, perPage: number): Promise<UnitsPage> {
  const { count } = await db
    .selectFrom("suite_units")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await unitQuery(db)
    .orderBy("t.display_order")
    .orderBy("t.id")
    .orderBy("u.name")
    .orderBy("u.id")
    .limit(perPage)
    .offset((current - 1) * perPage)
    .execute();
  return {
    units: rows.map((row) => ({ ...toRecord(row), leasedOnDay: leaseCoversDay(row, day) })),
    total,
    page: current,
    pages,
  };
}

export async function findUnit(db: DbOrTx, id: number): Promise<SuiteUnitRecord | null> {
  const row = await unitQuery(db).where("u.id", "=", id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export type SaveUnitResult = { ok: true; id: number } | { ok: false; reason: "name-taken" | "no-type" | "missing" };

/** Adds a unit (`id` null) or saves one: its name, type and current lease. */
export async function saveUnit(
  db: DbOrTx,
  actor: Actor,
  id: number | null,
  input: SuiteUnitInput,
): Promise<SaveUnitResult> {
  const now = nowIso();
  const values = {
    type_id: input.typeId,
    name: input.name,
    lessee_name: input.lesseeName,
    lessee_email: input.lesseeEmail,
    lessee_phone: input.lesseePhone,
    lessee_specialty: input.lesseeSpecialty,
    lease_start: input.leaseStart,
    lease_end: input.leaseEnd,
    rent_cents: input.rentCents,
    updated_at: now,
  };
  return db.transaction().execute(async (tx) => {
    const type = await tx.selectFrom("suite_types").select("id").where("id", "=", input.typeId).executeTakeFirst();
    if (!type) return { ok: false, reason: "no-type" } as const;
    const other = await tx
      .selectFrom("suite_units")
      .select("id")
      .where("name", "=", input.name)
      .$if(id !== null, (q) => q.where("id", "!=", id!))
      .executeTakeFirst();
    if (other) return { ok: false, reason: "name-taken" } as const;
    if (id === null) {
      const row = await tx
        .insertInto("suite_units")
        .values({ ...values, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "suite_unit.create", input.name);
      return { ok: true, id: row.id } as const;
    }
    const updated = await tx.updateTable("suite_units").set(values).where("id", "=", id).executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return { ok: false, reason: "missing" } as const;
    await audit(tx, actor, "suite_unit.update", input.name);
    return { ok: true, id } as const;
  });
}

/** Deletes a unit; its name, or null when there was none. */
export async function deleteUnit(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const unit = await tx.selectFrom("suite_units").select("name").where("id", "=", id).executeTakeFirst();
    if (!unit) return null;
    await tx.deleteFrom("suite_units").where("id", "=", id).execute();
    await audit(tx, actor, "suite_unit.delete", unit.name);
    return unit.name;
  });
}
