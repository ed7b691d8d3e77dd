import { z } from "zod";

export const MAX_ALT_LENGTH = 250;

/** A library image's alt text as the Media Library's card saves it; the card reads its limit from here. */
export const MediaAltSchema = z.object({
  alt: z.string().trim().max(MAX_ALT_LENGTH, `Alt text can be at most ${MAX_ALT_LENGTH} characters.`),
});
