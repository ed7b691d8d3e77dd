import type { Selectable } from "kysely";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { parseSlideButtons, type HeroSlide } from "~/lib/hero-slides";
import type { DbOrTx } from "../db/database.server";
import type { HeroSlidesTable } from "../db/schema";
import { deletedMediaUrls } from "../media/media-keys.server";

/** What a slide whose image was deleted from the media library shows instead. */
export const FALLBACK_SLIDE_IMAGE = {
  url: DEFAULT_HERO_SLIDES[0].image_url,
  alt: DEFAULT_HERO_SLIDES[0].image_alt,
};

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
 * The slides the home carousel shows: active ones, by display_order; the id
 * breaks ties so two slides given the same position keep a stable order. A slide whose image was
 * deleted from the media library shows the default slide image rather than a broken one.
 */
export async function activeHeroSlides(db: DbOrTx): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .where("is_active", "=", 1)
    .orderBy("display_order", "asc")
    .orderBy("id", "asc")
    .execute();
  return withDeletedImagesReplaced(db, rows.map(toHeroSlide));
}

/**
 * Slides whose image was deleted from the media library get the default slide image instead,
 * marked `imageDeleted` for the editors. One query, and only for slides with a library image.
 */
export async function withDeletedImagesReplaced(db: DbOrTx, slides: HeroSlide[]): Promise<HeroSlide[]> {
  const deleted = await deletedMediaUrls(
    db,
    slides.map((s) => s.imageUrl.trim()),
  );
  if (!deleted.size) return slides;
  return slides.map((slide) =>
    deleted.has(slide.imageUrl.trim())
      ? { ...slide, imageUrl: FALLBACK_SLIDE_IMAGE.url, imageAlt: FALLBACK_SLIDE_IMAGE.alt, imageDeleted: true }
      : slide,
  );
}
