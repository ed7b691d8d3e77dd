import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import type { HeroSlide, SlideListReply } from "~/lib/hero-slides";
import { SlideCard, slideName } from "./slide-card";

/** Moves `id` to where `targetId` is (after it when moving down, before it when moving up). */
export function moveTo(order: number[], id: number, targetId: number): number[] {
  const to = order.indexOf(targetId);
  if (to < 0 || id === targetId) return order;
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/**
 * The slides in carousel order. Drag a card onto another to move it there, or use its Move up /
 * Move down buttons; each change saves the whole order at once (display_order, one transaction).
 */
export function SlideGrid({ slides, onDeleted }: { slides: HeroSlide[]; onDeleted: () => void }) {
  const reorder = useFetcher<SlideListReply>({ key: "hero-slides-reorder" });
  const remove = useFetcher<SlideListReply>({ key: "hero-slides-delete" });
  useReplyToast(reorder.data);
  useReplyToast(remove.data, {
    onReply: useCallback((reply: { ok: boolean }) => reply.ok && onDeleted(), [onDeleted]),
  });

  // While a new order is being saved it is shown at once; afterwards the reloaded list is the truth.
  const pending = reorder.formData?.get("ids");
  const order = typeof pending === "string" ? pending.split(",").map(Number) : slides.map((s) => s.id);
  const orderKey = order.join(",");

  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useRef<{ id: number; direction: "up" | "down" } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const byId = new Map(slides.map((s) => [s.id, s]));
  const ordered = order.map((id) => byId.get(id)).filter((s): s is HeroSlide => !!s);
  // Slides the local order does not know yet (just added elsewhere) go last until the reload.
  for (const slide of slides) if (!order.includes(slide.id)) ordered.push(slide);
  const deletingId = remove.formData ? Number(remove.formData.get("id")) : null;

  function save(next: number[], movedId: number) {
    const slide = byId.get(movedId);
    if (slide) setAnnouncement(`${slideName(slide)} moved to position ${next.indexOf(movedId) + 1} of ${next.length}.`);
    reorder.submit({ intent: "reorder", ids: next.join(",") }, { method: "post" });
  }

  function move(id: number, direction: -1 | 1) {
    const ids = ordered.map((s) => s.id);
    const from = ids.indexOf(id);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[from], next[to]] = [next[to], next[from]];
    // React moves the DOM node, which loses focus: put it back on the button that was used,
    // or on the other one when the slide reached an end.
    focusAfterMove.current = { id, direction: direction < 0 ? "up" : "down" };
    save(next, id);
  }

  // The list may re-render more than once before the save settles (the pending order, then the
  // reloaded one), and each move of the card's DOM node drops its focus: until the save is done,
  // put the focus back whenever it was lost, not only after the first render.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    if (reorder.state === "idle") focusAfterMove.current = null;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-slide-id="${target.id}"]`);
    if (!card) return;
    const active = document.activeElement;
    if (active && active !== document.body && !card.contains(active)) return;
    const same = card.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    const other = card.querySelector<HTMLButtonElement>(`[data-move="${target.direction === "up" ? "down" : "up"}"]`);
    const wanted = same && !same.disabled ? same : other;
    if (wanted && active !== wanted) wanted.focus();
  }, [orderKey, reorder.state]);

  return (
    <>
      <ul
        ref={listRef}
        className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
        aria-label="Slides in carousel order"
        data-testid="slide-list"
      >
        {ordered.map((slide, index) => (
          <SlideCard
            key={slide.id}
            slide={slide}
            position={index + 1}
            total={ordered.length}
            deleting={deletingId === slide.id}
            dragging={dragId === slide.id}
            dropTarget={overId === slide.id && dragId !== slide.id}
            onMove={(direction) => move(slide.id, direction)}
            onDelete={() => remove.submit({ intent: "delete", id: String(slide.id) }, { method: "post" })}
            dragHandlers={{
              onDragStart: (event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(slide.id));
                setDragId(slide.id);
              },
              onDragOver: (event) => {
                if (dragId === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                if (overId !== slide.id) setOverId(slide.id);
              },
              onDragLeave: () => setOverId((current) => (current === slide.id ? null : current)),
              onDrop: (event) => {
                event.preventDefault();
                const moved = dragId;
                setDragId(null);
                setOverId(null);
                if (moved === null || moved === slide.id) return;
                save(
                  moveTo(
                    ordered.map((s) => s.id),
                    moved,
                    slide.id,
                  ),
                  moved,
                );
              },
              onDragEnd: () => {
                setDragId(null);
                setOverId(null);
              },
            }}
          />
        ))}
      </ul>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="order-announcement">
        {announcement}
      </p>
    </>
  );
}
