import type { ContactContent } from "~/content/contact";

/** Weekdays in the order the hours card lists them (the week starts on Sunday, as in the US). */
export const WEEKDAYS = [
  { key: "hours_sunday", label: "Sunday", schema: "Sunday" },
  { key: "hours_monday", label: "Monday", schema: "Monday" },
  { key: "hours_tuesday", label: "Tuesday", schema: "Tuesday" },
  { key: "hours_wednesday", label: "Wednesday", schema: "Wednesday" },
  { key: "hours_thursday", label: "Thursday", schema: "Thursday" },
  { key: "hours_friday", label: "Friday", schema: "Friday" },
  { key: "hours_saturday", label: "Saturday", schema: "Saturday" },
] as const;

export interface DayHours {
  label: string;
  schemaDay: string;
  text: string;
  closed: boolean;
}

export function weeklyHours(contact: Pick<ContactContent, (typeof WEEKDAYS)[number]["key"]>): DayHours[] {
  return WEEKDAYS.map((d) => {
    const text = contact[d.key].trim() || "Closed";
    return { label: d.label, schemaDay: d.schema, text, closed: /^closed$/i.test(text) };
  });
}

/**
 * Parses "9:00 AM - 6:00 PM" (or "09:00 am - 09:00 pm") into 24-hour "09:00"/"18:00" for
 * schema.org; null when the text is not a time range.
 */
export function parseHoursRange(text: string): { opens: string; closes: string } | null {
  const m = text
    .trim()
    .match(/^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*[-–—to]+\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i);
  if (!m) return null;
  const to24 = (h: string, min: string | undefined, ap: string) => {
    let hour = Number(h) % 12;
    if (ap.toLowerCase() === "p") hour += 12;
    return `${String(hour).padStart(2, "0")}:${min ?? "00"}`;
  };
  return { opens: to24(m[1], m[2], m[3]), closes: to24(m[4], m[5], m[6]) };
}
