import { z } from "zod";
import { SLIDE_ACTIONS, type SlideButton } from "~/content/hero-slides";
import type { IntentReply } from "~/lib/forms/action-reply";

export { SLIDE_ACTIONS, type SlideAction, type SlideButton } from "~/content/hero-slides";

export const SlideButtonSchema = z.object({
  label: z.string().trim().min(1).max(40),
  primary: z.boolean(),
  action: z.enum(SLIDE_ACTIONS),
  url: z.string().trim().max(500).optional(),
}) satisfies z.ZodType<SlideButton>;

export function parseSlideButtons(json: string): SlideButton[] {
  try {
    const parsed = z.array(SlideButtonSchema).max(2).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export interface HeroSlide {
  id: number;
  title: string;
  highlight: string;
  tag: string;
  subtitle: string;
  description: string;
  imageUrl: string;
  imageAlt: string;
  isActive: boolean;
  displayOrder: number;
  buttons: SlideButton[];
  /** Its image was deleted from the media library: imageUrl is the default slide image. */
  imageDeleted?: boolean;
}

/** What the hero slide list's fetchers get back: a toast to show (docs/product.md, Hero slides). */
export type SlideListReply = IntentReply;
