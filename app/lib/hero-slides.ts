import { z } from "zod";

/** What a hero slide button does (docs/product.md, Hero slides). */
export const SLIDE_ACTIONS = ["scroll-appointment", "scroll-about", "call", "url"] as const;
export type SlideAction = (typeof SLIDE_ACTIONS)[number];

export const SlideButtonSchema = z.object({
  label: z.string().trim().min(1).max(40),
  primary: z.boolean(),
  action: z.enum(SLIDE_ACTIONS),
  url: z.string().trim().max(500).optional(),
});
export type SlideButton = z.infer<typeof SlideButtonSchema>;

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
