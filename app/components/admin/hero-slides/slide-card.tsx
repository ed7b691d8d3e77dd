import { ChevronDown, ChevronUp, Eye, EyeOff, GripVertical, Pencil } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { DELETED_IMAGE_NOTICE } from "~/lib/content-issues";
import type { HeroSlide, SlideListReply } from "~/lib/hero-slides";
import { isResizable, variantUrl } from "~/lib/images";
import { cn } from "~/lib/utils";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { useReplyToast } from "~/components/admin/use-reply-toast";

/** Small, sentence-case actions so four of them fit on a narrow card. */
const action = "h-9 gap-1.5 px-2 text-[0.8rem] font-medium tracking-normal normal-case";

export const slideName = (slide: Pick<HeroSlide, "title" | "highlight">) =>
  [slide.title, slide.highlight].filter(Boolean).join(" ");

const thumbnail = (src: string) => (isResizable(src) ? variantUrl(src, 640, "webp") : src);

export interface SlideCardProps {
  slide: HeroSlide;
  position: number;
  total: number;
  deleting: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
  dragHandlers: Pick<React.ComponentProps<"li">, "onDragStart" | "onDragOver" | "onDragLeave" | "onDrop" | "onDragEnd">;
}

/** One slide in the list: picture, texts, position, Hide/Show, edit, delete; draggable to reorder. */
export function SlideCard({
  slide,
  position,
  total,
  deleting,
  dragging,
  dropTarget,
  onMove,
  onDelete,
  dragHandlers,
}: SlideCardProps) {
  const toggle = useFetcher<SlideListReply>();
  useReplyToast(toggle.data);
  // Shown at once while the server confirms; the reloaded list has the final word.
  const pendingActive = toggle.formData?.get("active");
  const active = pendingActive ? pendingActive === "1" : slide.isActive;
  const name = slideName(slide);
  const moveButton =
    "grid size-8 place-items-center text-muted-foreground transition-colors hover:bg-surface-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-35";

  return (
    <li
      draggable
      data-slide-id={slide.id}
      data-testid="slide-card"
      className={cn(
        "group/card relative flex flex-col border border-border bg-surface transition-[opacity,box-shadow,border-color] duration-200",
        "hover:border-foreground/25 hover:shadow-[0_12px_32px_-20px_rgb(0_0_0/0.35)]",
        dragging && "opacity-40",
        dropTarget && "border-accent ring-2 ring-accent/40",
        deleting && "pointer-events-none opacity-50",
      )}
      {...dragHandlers}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-surface-muted">
        {slide.imageUrl ? (
          <img
            src={thumbnail(slide.imageUrl)}
            alt=""
            draggable={false}
            loading="lazy"
            decoding="async"
            className={cn("h-full w-full object-cover transition duration-300", !active && "opacity-45 grayscale")}
          />
        ) : null}
        {!active ? (
          <div className="absolute inset-0 grid place-items-center bg-background/35" data-testid="inactive-overlay">
            <span className="border border-foreground/70 bg-surface/95 px-4 py-1.5 text-xs font-semibold tracking-[0.3em] text-foreground">
              INACTIVE
            </span>
          </div>
        ) : null}
        <span className="absolute top-3 left-3 grid min-w-8 place-items-center bg-surface/95 px-2 py-1 font-display text-sm shadow-sm">
          <span className="sr-only">Position </span>
          {position}
        </span>
        <span
          aria-hidden="true"
          title="Drag to reorder"
          className="absolute top-3 right-3 grid size-8 cursor-grab place-items-center bg-surface/95 text-muted-foreground shadow-sm active:cursor-grabbing"
        >
          <GripVertical className="size-4" />
        </span>
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-5">
        {slide.tag ? (
          <p className="text-[0.65rem] font-medium tracking-[0.22em] text-accent-strong uppercase">{slide.tag}</p>
        ) : null}
        <h3 className="text-xl leading-snug">
          {slide.title}
          {slide.highlight ? (
            <>
              {" "}
              <em className="text-accent-strong">{slide.highlight}</em>
            </>
          ) : null}
        </h3>
        {slide.subtitle ? <p className="text-sm text-muted-foreground">{slide.subtitle}</p> : null}
        {slide.imageDeleted ? (
          <p className="mt-1 text-xs text-danger" data-testid="slide-image-deleted">
            {DELETED_IMAGE_NOTICE}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-x-1 gap-y-1 border-t border-border px-2 py-2">
        <div className="flex items-center" role="group" aria-label={`Order of ${name}`}>
          <button
            type="button"
            className={moveButton}
            disabled={position === 1}
            onClick={() => onMove(-1)}
            data-move="up"
            aria-label={`Move ${name} up`}
            title="Move up"
          >
            <ChevronUp className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={moveButton}
            disabled={position === total}
            onClick={() => onMove(1)}
            data-move="down"
            aria-label={`Move ${name} down`}
            title="Move down"
          >
            <ChevronDown className="size-4" aria-hidden="true" />
          </button>
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5">
          <toggle.Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="id" value={slide.id} />
            <input type="hidden" name="active" value={active ? "0" : "1"} />
            <Button type="submit" variant="ghost" size="sm" className={action}>
              {active ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
              {active ? "Hide" : "Show"}
              <span className="sr-only"> slide “{name}”</span>
            </Button>
          </toggle.Form>
          <Link
            to={`/admin/hero-slides/edit/${slide.id}`}
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }), action)}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> slide “{name}”</span>
          </Link>
          <ConfirmDeleteDialog slideTitle={name} disabled={deleting} onConfirm={onDelete} triggerClassName={action} />
        </div>
      </div>
    </li>
  );
}
