import { timeZoneNote } from "~/lib/time-zone-note";

/**
 * A time zone note ([data-time-zone-note="{salon's zone}"]) also names the visitor's zone when
 * their device is set to another one, and stands out, so a time is not read on the wrong clock.
 */
export function initTimeZoneNotes(root: ParentNode = document): void {
  const visitor = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const note of root.querySelectorAll<HTMLElement>("[data-time-zone-note]")) {
    const salon = note.dataset.timeZoneNote ?? "";
    const text = timeZoneNote(salon, visitor);
    if (text === note.textContent) continue;
    note.textContent = text;
    note.dataset.otherZone = "true";
  }
}
