import { isResizable, variantUrl } from "~/lib/images";

/** A small WebP of a library image for grids and previews; other URLs are shown as they are. */
export function thumbnailUrl(src: string, width: 320 | 480 | 640 = 480): string {
  return isResizable(src) ? variantUrl(src, width, "webp") : src;
}
