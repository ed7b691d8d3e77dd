import { sql } from "kysely";
import { localDate } from "~/lib/dates";
import { rentPeriodOf, type RentPeriod } from "~/lib/suites/suites";
import type { DbOrTx } from "../db/database.server";
import { getSettings } from "../settings/settings.server";

/**
 * One type's units on a day: how many, how many a lease covers, and the rent those leases pay in
 * the type's period (a week, or a day: never added together, decision 56).
 */
export interface TypeOccupancy {
  typeId: number;
  units: number;
  leased: number;
  rentRollCents: number;
}

/**
 * The query of units, leased units and rent roll per suite type on `day` ("YYYY-MM-DD", the salon's): one GROUP BY
 * over the covering index suite_units_type_lease. A lease covers the day as `leaseCoversDay` says.
 */
export function occupancyQuery(db: DbOrTx, day: string) {
  const covers = sql<boolean>`lease_start IS NOT NULL AND lease_start <= ${day} AND (lease_end IS NULL OR lease_end >= ${day})`;
  return db
    .selectFrom("suite_units")
    .select([
      "type_id",
      (eb) => eb.fn.countAll<string | number>().as("units"),
      sql<string | number>`SUM(CASE WHEN ${covers} THEN 1 ELSE 0 END)`.as("leased"),
      sql<string | number>`SUM(CASE WHEN ${covers} THEN COALESCE(rent_cents, 0) ELSE 0 END)`.as("rent_roll"),
    ])
    .groupBy("type_id")
    .orderBy("type_id");
}

/** occupancyByType's figures, as numbers. */
export async function occupancyByType(db: DbOrTx, day: string): Promise<TypeOccupancy[]> {
  const rows = await occupancyQuery(db, day).execute();
  return rows.map((row) => ({
    typeId: row.type_id,
    units: Number(row.units),
    leased: Number(row.leased),
    rentRollCents: Number(row.rent_roll),
  }));
}

/** The salon's date now, "YYYY-MM-DD": the day "free now" and occupancy are read for. */
export async function salonToday(db: DbOrTx, now: Date = new Date()): Promise<string> {
  return localDate(now, (await getSettings(db)).timeZone);
}

/**
 * The whole inventory on a day, and each type's part: what the dashboard and the report show. The
 * rent roll is one sum per period: the weekly leases' rent a week, and the day chairs' rent today.
 */
export interface Occupancy {
  day: string;
  units: number;
  leased: number;
  rentRollCents: Record<RentPeriod, number>;
  byType: (TypeOccupancy & { name: string; rentPeriod: RentPeriod })[];
}

/** Occupancy today (the salon's date), per type in display order and in all. */
export async function occupancyToday(db: DbOrTx, now: Date = new Date()): Promise<Occupancy> {
  const day = await salonToday(db, now);
  const [byType, types] = await Promise.all([
    occupancyByType(db, day),
    db.selectFrom("suite_types").select(["id", "name", "rent_period"]).orderBy("display_order").orderBy("id").execute(),
  ]);
  const figures = new Map(byType.map((o) => [o.typeId, o]));
  const rows = types.map((type) => ({
    typeId: type.id,
    name: type.name,
    rentPeriod: rentPeriodOf(type.rent_period),
    units: 0,
    leased: 0,
    rentRollCents: 0,
    ...figures.get(type.id),
  }));
  const rollOf = (period: RentPeriod) =>
    rows.filter((r) => r.rentPeriod === period).reduce((sum, r) => sum + r.rentRollCents, 0);
  return {
    day,
    units: rows.reduce((sum, r) => sum + r.units, 0),
    leased: rows.reduce((sum, r) => sum + r.leased, 0),
    rentRollCents: { week: rollOf("week"), day: rollOf("day") },
    byType: rows,
  };
}
