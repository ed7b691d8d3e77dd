import { isSafeImageSource } from "~/lib/hero-slide-form";
import { isResizable, PRIORITY_IMAGE_FORMAT, srcSet, variantUrl, type ImageFormat } from "~/lib/images";

export interface ResponsiveImageProps extends Omit<React.ComponentProps<"img">, "src" | "srcSet" | "width" | "height"> {
  src: string;
  alt: string;
  /** Intrinsic size for the layout box (avoids layout shift); the aspect ratio is what matters. */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image (LCP): loaded eagerly with high priority, never lazily. */
  priority?: boolean;
  /** The largest variant worth offering. */
  maxWidth?: number;
}

/**
 * <picture> with AVIF (but for the main image) and WebP sources in responsive widths and a JPEG fallback. Images that are
 * not ours (an editor's typed URL) are shown as they are.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  maxWidth = 2400,
  ...rest
}: ResponsiveImageProps) {
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  if (!isResizable(src)) {
    // An editor's typed URL is shown only when it is a safe image address (never javascript: or data:).
    return (
      <img
        src={isSafeImageSource(src) ? src : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        {...rest}
      />
    );
  }
  // The page's main image comes in its one format (see PRIORITY_IMAGE_FORMAT); the others AVIF first.
  const sourceFormats: ImageFormat[] = priority ? [PRIORITY_IMAGE_FORMAT] : ["avif", "webp"];
  return (
    <picture>
      {sourceFormats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(src, format, maxWidth)} sizes={sizes} />
      ))}
      <img
        src={variantUrl(src, Math.min(1280, maxWidth), "jpeg")}
        srcSet={srcSet(src, "jpeg", maxWidth)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? "sync" : "async"}
        {...rest}
      />
    </picture>
  );
}
