import { useCallback, useRef, useState } from "react";
import { clockTime, dropMinute } from "~/lib/booking/calendar-drop";
import type { TimeAxis } from "~/lib/booking/calendar";
import type { StaffBookingReply } from "~/lib/booking/staff-forms";
import { useBookingAction } from "./use-booking-action";

interface Drag {
  entry: HTMLElement;
  id: string;
  x: number;
  y: number;
  /** Where the pointer holds the appointment, from its top edge. */
  grab: number;
  moved: boolean;
}

/** A pointer that moves less than this (pixels) clicks: it opens the details instead. */
const DRAG_THRESHOLD = 5;

/**
 * Moving an appointment on the calendar with a mouse or a pen: it follows the pointer, and where
 * it is let go (a day's column, a person's column in the day view, snapped to a quarter hour) is
 * posted as the Move form would post it. The server checks it like every move; the answer is
 * toasted and announced to screen readers. Touch scrolls as before; the keyboard and the phone
 * use the Move action in the booking's details.
 */
export function useCalendarDrag(axis: TimeAxis) {
  const [announcement, setAnnouncement] = useState("");
  const onReply = useCallback((reply: StaffBookingReply) => setAnnouncement(reply.message), []);
  const { fetcher } = useBookingAction("calendar-drag", { onReply });
  const drag = useRef<Drag | null>(null);
  const justDragged = useRef(false);

  const end = () => {
    const current = drag.current;
    drag.current = null;
    if (current) {
      current.entry.style.transform = "";
      delete current.entry.dataset.dragging;
    }
    return current;
  };

  const onPointerDown = (event: React.PointerEvent<HTMLElement>) => {
    if (event.pointerType === "touch" || event.button !== 0) return;
    const entry = (event.target as HTMLElement).closest<HTMLElement>("[data-move-id]");
    if (!entry) return;
    drag.current = {
      entry,
      id: entry.dataset.moveId ?? "",
      x: event.clientX,
      y: event.clientY,
      grab: event.clientY - entry.getBoundingClientRect().top,
      moved: false,
    };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      current.moved = true;
      current.entry.dataset.dragging = "true";
      current.entry.setPointerCapture(event.pointerId);
    }
    current.entry.style.transform = `translate(${dx}px, ${dy}px)`;
  };

  const onPointerUp = (event: React.PointerEvent<HTMLElement>) => {
    const current = end();
    if (!current?.moved) return;
    justDragged.current = true;
    const columns = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-drop-day]")];
    const column = columns.find((c) => {
      const rect = c.getBoundingClientRect();
      return rect.left <= event.clientX && event.clientX < rect.right;
    });
    if (!column) return;
    const own = current.entry.closest<HTMLElement>("[data-drop-day]");
    const staff = column.dataset.dropStaff ?? "";
    // A chair's column takes no booking from another column: only a person's does.
    if (column !== own && column.dataset.dropChair === "true") {
      setAnnouncement("Drop it on a person's column, or use Move in its details.");
      return;
    }
    const rect = column.getBoundingClientRect();
    const time = clockTime(dropMinute(event.clientY - current.grab - rect.top, rect.height, axis));
    void fetcher.submit(
      { intent: "move", id: current.id, date: column.dataset.dropDay ?? "", time, staff },
      { method: "post" },
    );
  };

  /** After a drag, the click that ends it does not open the details. */
  const onClickCapture = (event: React.MouseEvent<HTMLElement>) => {
    if (!justDragged.current) return;
    justDragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: end, onClickCapture },
    announcement,
    busy: fetcher.state !== "idle",
  };
}
