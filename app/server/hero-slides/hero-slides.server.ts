import { parseSlideButtons, type HeroSlide } from "~/lib/hero-slides";
import type { DbOrTx } from "../db/database.server";
import type { HeroSlidesTable } from "../db/schema";
import type { Selectable } from "kysely";

/** A stored row as the pages and the editor use it: booleans and parsed buttons. */
export function toHeroSlide(row: Selectable<HeroSlidesTable>): HeroSlide {
  return {
    id: row.id,
    title: row.title,
    highlight: row.highlight,
    tag: row.tag,
    subtitle: row.subtitle,
    description: row.description,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    isActive: Boolean(row.is_active),
    displayOrder: row.display_order,
    // A broken buttons column shows a slide without buttons rather than no page.
    buttons: parseSlideButtons(row.buttons),
  };
}

/**
 * The slides the home carousel shows (DECISIONS.md 2.6): active ones, by display_order; the id
 * breaks ties so two slides given the same position keep a stable order.
 */
export async function activeHeroSlides(db: DbOrTx): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .where("is_active", "=", 1)
    .orderBy("display_order", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toHeroSlide);
}
