import { ResponsiveImage } from "~/components/responsive-image";
import type { GalleryImage } from "~/content/suites-gallery";
import { isSafeImageSource } from "~/lib/hero-slide-form";
import { isResizable, variantUrl } from "~/lib/images";
import { cn } from "~/lib/utils";

/**
 * The suites gallery: thumbnails that link to the full image (all there is without JavaScript);
 * app/enhance/features/gallery.ts opens them in the full-size viewer. The first photograph leads
 * the mosaic at double size.
 */
export function SuitesGallery({
  images,
  viewerLabel,
  openLabel,
}: {
  images: GalleryImage[];
  viewerLabel: string;
  openLabel: string;
}) {
  return (
    <ul data-gallery data-gallery-label={viewerLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {/* A stored address that is no image (javascript:, data:) is left out: it would be the link. */}
      {images
        .filter((image) => isSafeImageSource(image.src))
        .map((image, i) => (
          <li key={`${i}-${image.src}`} className={cn(i === 0 && "col-span-2 sm:row-span-2")}>
            <a
              href={isResizable(image.src) ? variantUrl(image.src, 1600, "jpeg") : image.src}
              data-gallery-item
              data-alt={image.alt}
              className={cn(
                "group relative block aspect-square overflow-hidden bg-surface-muted",
                i === 0 && "sm:aspect-auto sm:h-full",
              )}
            >
              <ResponsiveImage
                maxWidth={1600}
                src={image.src}
                alt={image.alt}
                width={800}
                height={800}
                sizes={
                  i === 0
                    ? "(min-width: 1280px) 800px, (min-width: 640px) 66vw, 100vw"
                    : "(min-width: 1280px) 400px, (min-width: 640px) 33vw, 50vw"
                }
                className="absolute inset-0 h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04] motion-reduce:transition-none"
              />
              <span aria-hidden className="absolute inset-0 bg-black/0 transition-colors group-hover:bg-black/15" />
              <span className="sr-only">, {openLabel}</span>
            </a>
          </li>
        ))}
    </ul>
  );
}
