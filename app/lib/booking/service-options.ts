/**
 * A service's bookable options with their length and price. The service pages keep them as JSON
 * in their content (`service_options`); older content holds plain names, which read with the
 * service's default length and its starting price.
 */
export interface ServiceOption {
  name: string;
  durationMinutes: number;
  /** As shown, e.g. "$150"; may be empty. */
  price: string;
}

export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 12 * 60;

function isDuration(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= MIN_DURATION_MINUTES &&
    value <= MAX_DURATION_MINUTES
  );
}

/** Reads the stored JSON; anything unreadable is left out so the page still renders. */
export function parseServiceOptionList(value: string, defaults: Omit<ServiceOption, "name">): ServiceOption[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const options: ServiceOption[] = [];
  for (const item of parsed) {
    if (typeof item === "string") {
      if (item.trim()) options.push({ name: item, ...defaults });
    } else if (item && typeof item === "object" && typeof (item as { name?: unknown }).name === "string") {
      const { name, durationMinutes, price } = item as { name: string; durationMinutes?: unknown; price?: unknown };
      if (!name.trim()) continue;
      options.push({
        name,
        durationMinutes: isDuration(durationMinutes) ? durationMinutes : defaults.durationMinutes,
        price: typeof price === "string" ? price : defaults.price,
      });
    }
  }
  return options;
}
