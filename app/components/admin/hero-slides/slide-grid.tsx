import { startTransition, useCallback, useLayoutEffect, useRef, useState } from "react";
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

  // The order as the person left it is shown at once and kept until every save of it is done;
  // then the reloaded list is the truth (also after a refused save).
  const [localOrder, setLocalOrder] = useState<number[] | null>(null);
  const order = localOrder ?? slides.map((s) => s.id);
  const orderKey = order.join(",");
  // A move made while an order is being saved waits for that save: two posts in flight at once
  // could reach the database in either order and leave the older order saved.
  const sending = useRef(false);
  const queued = useRef<number[] | null>(null);
  const saving = localOrder !== null;

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
    setLocalOrder(next);
    if (sending.current) queued.current = next;
    else void send(next);
  }

  async function send(first: number[]) {
    sending.current = true;
    try {
      for (let next: number[] | null = first; next; next = queued.current) {
        queued.current = null;
        await reorder.submit({ intent: "reorder", ids: next.join(",") }, { method: "post" });
      }
    } finally {
      sending.current = false;
      // The reloaded list arrives as a transition: dropping the local order in one too makes both
      // show in the same render, never the list from before the save in between.
      startTransition(() => setLocalOrder(null));
    }
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
  // put the focus back whenever it was lost, not only after the first render. Focus the person
  // has moved on their own (to the other button, say) is left where they put it. A layout effect,
  // so no key press can land on the page body between the move and the focus coming back.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    if (!saving) focusAfterMove.current = null;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-slide-id="${target.id}"]`);
    if (!card) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!lost) return;
    const same = card.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    const other = card.querySelector<HTMLButtonElement>(`[data-move="${target.direction === "up" ? "down" : "up"}"]`);
    const wanted = same && !same.disabled ? same : other;
    if (wanted && active !== wanted) wanted.focus();
  }, [orderKey, saving]);

  return (
    <>
      <ul
        ref={listRef}
        className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
        aria-label="Slides in carousel order"
        aria-busy={saving}
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
