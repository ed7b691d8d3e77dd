import type { HeroSlideInput } from "~/lib/hero-slide-form";
import type { HeroSlide } from "~/lib/hero-slides";
import { audit } from "../audit/audit.server";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import { toHeroSlide, withDeletedImagesReplaced } from "./hero-slides.server";

/**
 * The slide editor's data layer (admin and editor alike). Every change and its audit entry are
 * written in one transaction; the home page reads hero_slides on each request, so the carousel
 * follows at once.
 */
export interface Actor {
  userId: number | null;
  email: string | null;
}

const AUDIT_TARGET = "Hero Slides";
const quoted = (title: string) => `“${title}”`;

/** Every slide, hidden ones included, in carousel order (a deleted library image replaced, marked). */
export async function listAllSlides(db: DbOrTx): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .orderBy("display_order", "asc")
    .orderBy("id", "asc")
    .execute();
  return withDeletedImagesReplaced(db, rows.map(toHeroSlide));
}

export async function getSlide(db: DbOrTx, id: number): Promise<HeroSlide | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toHeroSlide(row) : undefined;
}

function columns(input: HeroSlideInput) {
  return {
    title: input.title,
    highlight: input.highlight,
    tag: input.tag,
    subtitle: input.subtitle,
    description: input.description,
    image_url: input.imageUrl,
    image_alt: input.imageAlt,
    is_active: input.isActive ? 1 : 0,
    buttons: JSON.stringify(input.buttons),
  };
}

/** Adds a slide at the end of the carousel. */
export async function createSlide(db: Db, input: HeroSlideInput, actor: Actor): Promise<HeroSlide> {
  return db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom("hero_slides")
      .select((eb) => eb.fn.max("display_order").as("max"))
      .executeTakeFirst();
    const max = last?.max;
    const now = nowIso();
    const row = await tx
      .insertInto("hero_slides")
      .values({ ...columns(input), display_order: max == null ? 0 : Number(max) + 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, actor, `added the hero slide ${quoted(input.title)}`, AUDIT_TARGET);
    return toHeroSlide(row);
  });
}

/** Rewrites a slide's fields (not its position); undefined when there is no such slide. */
export async function updateSlide(
  db: Db,
  id: number,
  input: HeroSlideInput,
  actor: Actor,
): Promise<HeroSlide | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("hero_slides")
      .set({ ...columns(input), updated_at: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await audit(tx, actor, `updated the hero slide ${quoted(input.title)}`, AUDIT_TARGET);
    return toHeroSlide(row);
  });
}

/** Shows or hides a slide on the home page (Hide/Show); undefined when there is no such slide. */
export async function setSlideActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<HeroSlide | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("hero_slides")
      .set({ is_active: active ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await audit(tx, actor, `${active ? "showed" : "hid"} the hero slide ${quoted(row.title)}`, AUDIT_TARGET);
    return toHeroSlide(row);
  });
}

/** Deletes a slide; false when there was none. */
export async function deleteSlide(db: Db, id: number, actor: Actor): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.deleteFrom("hero_slides").where("id", "=", id).returning("title").executeTakeFirst();
    if (!row) return false;
    await audit(tx, actor, `deleted the hero slide ${quoted(row.title)}`, AUDIT_TARGET);
    return true;
  });
}

/**
 * Saves a new carousel order as display_order 0, 1, 2 … in one transaction. The ids come from a
 * list that may be stale: unknown ids are skipped, and slides the list does not name (added
 * meanwhile by someone else) keep their relative order after the named ones.
 */
export async function reorderSlides(db: Db, orderedIds: number[], actor: Actor): Promise<HeroSlide[]> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom("hero_slides")
      .select(["id", "display_order"])
      .orderBy("display_order", "asc")
      .orderBy("id", "asc")
      .execute();
    const known = new Set(current.map((r) => r.id));
    const named = [...new Set(orderedIds)].filter((id) => known.has(id));
    const rest = current.map((r) => r.id).filter((id) => !named.includes(id));
    const order = [...named, ...rest];
    const now = nowIso();
    for (const [position, id] of order.entries()) {
      if (current.find((r) => r.id === id)?.display_order === position) continue;
      await tx
        .updateTable("hero_slides")
        .set({ display_order: position, updated_at: now })
        .where("id", "=", id)
        .execute();
    }
    await audit(tx, actor, "reordered the hero slides", AUDIT_TARGET);
    return listAllSlides(tx);
  });
}
