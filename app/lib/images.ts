/**
 * Responsive image URLs: /_img/{width}/{format}/{source}, where source is a site path such as
 * images/hero.jpg (public/images) or media/abc.jpg (uploads). The server makes each variant once
 * with sharp and keeps it on disk. Shared by server and browser, so it must stay dependency-free.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 768, 960, 1280, 1600, 1920, 2400] as const;
export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * A page's main (LCP) photograph is offered as WebP, not AVIF: at this site's encoder settings
 * WebP is the smaller file (the home hero at 768 px: 10.7 KB against 11.8 KB) and the browser
 * decodes it faster, and the photograph shows only once it is decoded.
 */
export const PRIORITY_IMAGE_FORMAT: ImageFormat = "webp";

/** Only our own images are resized: a local path under /images/ or /media/. */
export function isResizable(src: string): boolean {
  return /^\/(images|media)\/[\w./-]+\.(jpe?g|png|webp|avif)$/i.test(src) && !src.includes("..");
}

export function variantUrl(src: string, width: number, format: ImageFormat): string {
  return `/_img/${width}/${format}${src}`;
}

/** The srcset of a format, up to maxWidth (no point in making variants larger than the master). */
export function srcSet(src: string, format: ImageFormat, maxWidth = 2400): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${variantUrl(src, w, format)} ${w}w`)
    .join(", ");
}
