import type { SuiteTypeInput } from "~/lib/suites/forms";
import { rentPeriodOf, type SuiteOffer, type SuitePhoto, type SuiteTypeSummary } from "~/lib/suites/suites";
import { nowIso, type DbOrTx } from "../db/database.server";
import { audit } from "../audit/audit.server";
import { occupancyByType, salonToday } from "./occupancy.server";

export type { SuiteOffer, SuiteTypeSummary };

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
      rentPeriod: rentPeriodOf(type.rent_period),
      rentFromCents: type.rent_from_cents,
      included: parseTextList(type.included),
      freeNow: o ? o.units - o.leased : 0,
      description: type.description,
      photos: parsePhotos(type.photos),
    };
  });
}

/** A suite type as the application and the tour offer it: its web name and name, in display order. */
export interface SuiteTypeChoice {
  slug: string;
  name: string;
}

/**
 * The suite types a visitor may choose on the application and the tour page, and the only ones
 * their posts are accepted with: the rows of Admin › Suites, so a type the owner adds is offered.
 */
export async function suiteTypeChoices(db: DbOrTx): Promise<SuiteTypeChoice[]> {
  return db.selectFrom("suite_types").select(["slug", "name"]).orderBy("display_order").orderBy("id").execute();
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

/** A suite type as its admin form edits it. */
export interface SuiteTypeRecord extends SuiteTypeInput {
  id: number;
}

export async function findSuiteType(db: DbOrTx, id: number): Promise<SuiteTypeRecord | null> {
  const row = await db.selectFrom("suite_types").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sizeLabel: row.size_label,
    rentPeriod: rentPeriodOf(row.rent_period),
    rentFrom: row.rent_from_cents,
    included: parseTextList(row.included),
    description: row.description,
    displayOrder: row.display_order,
    photos: parsePhotos(row.photos),
  };
}

type Actor = { userId: number | null; email: string | null };

export type SaveTypeResult = { ok: true; id: number } | { ok: false; reason: "slug-taken" | "missing" };

/** Adds a suite type (`id` null) or saves one; a web name (slug) names one type only. */
export async function saveSuiteType(
  db: DbOrTx,
  actor: Actor,
  id: number | null,
  input: SuiteTypeInput,
): Promise<SaveTypeResult> {
  const now = nowIso();
  const values = {
    slug: input.slug,
    name: input.name,
    size_label: input.sizeLabel,
    rent_period: input.rentPeriod,
    rent_from_cents: input.rentFrom,
    included: JSON.stringify(input.included),
    photos: JSON.stringify(input.photos),
    description: input.description,
    display_order: input.displayOrder,
    updated_at: now,
  };
  return db.transaction().execute(async (tx) => {
    const other = await tx
      .selectFrom("suite_types")
      .select("id")
      .where("slug", "=", input.slug)
      .$if(id !== null, (q) => q.where("id", "!=", id!))
      .executeTakeFirst();
    if (other) return { ok: false, reason: "slug-taken" } as const;
    if (id === null) {
      const row = await tx
        .insertInto("suite_types")
        .values({ ...values, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(tx, actor, "suite_type.create", input.name);
      return { ok: true, id: row.id } as const;
    }
    const updated = await tx.updateTable("suite_types").set(values).where("id", "=", id).executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return { ok: false, reason: "missing" } as const;
    await audit(tx, actor, "suite_type.update", input.name);
    return { ok: true, id } as const;
  });
}

export type DeleteTypeResult = { ok: true; name: string } | { ok: false; name: string; units: number } | null;

/** Deletes a suite type that has no units (a unit must keep its type); null when there is no such type. */
export async function deleteSuiteType(db: DbOrTx, actor: Actor, id: number): Promise<DeleteTypeResult> {
  return db.transaction().execute(async (tx) => {
    const type = await tx.selectFrom("suite_types").select("name").where("id", "=", id).executeTakeFirst();
    if (!type) return null;
    const { units } = await tx
      .selectFrom("suite_units")
      .select((eb) => eb.fn.countAll<string | number>().as("units"))
      .where("type_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(units)) return { ok: false, name: type.name, units: Number(units) };
    await tx.deleteFrom("suite_types").where("id", "=", id).execute();
    await audit(tx, actor, "suite_type.delete", type.name);
    return { ok: true, name: type.name };
  });
}
