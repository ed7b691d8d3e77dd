/** The array stored as JSON text; text that is not JSON, or not an array, reads as an empty list. */
export function jsonArray(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed : [];
}

/** The strings of a JSON array stored as text (anything else in it is left out). */
export function jsonStrings(text: string): string[] {
  return jsonArray(text).filter((item): item is string => typeof item === "string");
}
