import { ResponsiveImage, type ResponsiveImageProps } from "~/components/responsive-image";
import { cn } from "~/lib/utils";

/**
 * A portrait (4:5) under a round arch, with an accent outline of the arch set off behind it.
 * `className` sizes the frame; `offsetClassName` moves the outline further on larger screens.
 */
export function ArchedImage({
  className,
  offsetClassName = "sm:translate-x-4 sm:translate-y-4",
  ...image
}: { className: string; offsetClassName?: string } & Omit<ResponsiveImageProps, "className">) {
  return (
    <div className={cn("relative mx-auto w-full", className)}>
      <div
        aria-hidden
        className={cn(
          "absolute inset-0 translate-x-3 translate-y-3 rounded-t-full border border-accent/40",
          offsetClassName,
        )}
      />
      <div className="relative aspect-[4/5] overflow-hidden rounded-t-full bg-surface-muted">
        <ResponsiveImage {...image} className="h-full w-full object-cover" />
      </div>
    </div>
  );
}
