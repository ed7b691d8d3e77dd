import { sql } from "kysely";
import { localDate } from "~/lib/dates";
import type { SuiteOffer, SuitePhoto, SuiteTypeSummary } from "~/lib/suites/suites";
import type { DbOrTx } from "../db/database.server";
import { getSettings } from "../settings/settings.server";

export type { SuiteOffer, SuiteTypeSummary };

/** One type's units on a day: how many, how many a lease covers, and the weekly rent those leases pay. */
export interface TypeOccupancy {
  typeId: number;
  units: number;
  leased: number;
  weeklyRentRollCents: number;
}

/**
 * Units, leased units and rent roll per suite type on `day` ("YYYY-MM-DD", the salon's): one GROUP BY
 * over the covering index suite_units_type_lease. A lease covers the day as `leaseCoversDay` says.
 */
export async function occupancyByType(db: DbOrTx, day: string): Promise<TypeOccupancy[]> {
  const covers = sql<boolean>`lease_start IS NOT NULL AND lease_start <= ${day} AND (lease_end IS NULL OR lease_end >= ${day})`;
  const rows = await db
    .selectFrom("suite_units")
    .select([
      "type_id",
      (eb) => eb.fn.countAll<string | number>().as("units"),
      sql<string | number>`SUM(CASE WHEN ${covers} THEN 1 ELSE 0 END)`.as("leased"),
      sql<string | number>`SUM(CASE WHEN ${covers} THEN COALESCE(weekly_rent_cents, 0) ELSE 0 END)`.as("rent_roll"),
    ])
    .groupBy("type_id")
    .orderBy("type_id")
    .execute();
  return rows.map((row) => ({
    typeId: row.type_id,
    units: Number(row.units),
    leased: Number(row.leased),
    weeklyRentRollCents: Number(row.rent_roll),
  }));
}

/** The salon's date now, "YYYY-MM-DD": the day "free now" and occupancy are read for. */
export async function salonToday(db: DbOrTx, now: Date = new Date()): Promise<string> {
  return localDate(now, (await getSettings(db)).timeZone);
}

/**
 * Every suite type in display order with how many of its units are free today (the salon's date).
 * The interface /suites, the application and the tours read.
 */
export async function listSuiteTypes(db: DbOrTx, now: Date = new Date()): Promise<SuiteTypeSummary[]> {
  const offers = await listSuiteOffers(db, now);
  return offers.map(({ description: _description, photos: _photos, ...summary }) => summary);
}

/** Every suite type as /suites shows it: the summary with its description and photos. */
export async function listSuiteOffers(db: DbOrTx, now: Date = new Date()): Promise<SuiteOffer[]> {
  const [types, occupancy] = await Promise.all([
    db.selectFrom("suite_types").selectAll().orderBy("display_order").orderBy("id").execute(),
    salonToday(db, now).then((day) => occupancyByType(db, day)),
  ]);
  const byType = new Map(occupancy.map((o) => [o.typeId, o]));
  return types.map((type) => {
    const o = byType.get(type.id);
    return {
      id: type.id,
      slug: type.slug,
      name: type.name,
      sizeLabel: type.size_label,
      weeklyRentFromCents: type.weekly_rent_from_cents,
      included: parseTextList(type.included),
      freeNow: o ? o.units - o.leased : 0,
      description: type.description,
      photos: parsePhotos(type.photos),
    };
  });
}

/** A stored JSON list of photos; anything malformed is left out. */
export function parsePhotos(value: string): SuitePhoto[] {
  const list = parseJson(value);
  return Array.isArray(list)
    ? list.filter(
        (p): p is SuitePhoto =>
          typeof p === "object" && p !== null && typeof p.src === "string" && typeof p.alt === "string",
      )
    : [];
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** A stored JSON list of text; anything else reads as empty. */
export function parseTextList(value: string): string[] {
  const list = parseJson(value);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
}
