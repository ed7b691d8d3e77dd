/**
 * How the booking page's plain forms carry a visit's further services and their people (shared
 * with the enhancement script, so it holds no schema).
 */

/** A further service as the booking page's forms carry it: `service:option`. */
export const visitPartValue = (part: { service: string; option: string }) => `${part.service}:${part.option}`;

/** The person chosen for a further service, as the page's `with` entries carry it: `{id}:service:option` (`any:` for anyone). */
export const visitPersonValue = (part: { service: string; option: string }, staffId: number | null) =>
  `${staffId ?? "any"}:${visitPartValue(part)}`;

/**
 * The visit's further services as a form posts them without JavaScript: repeated `also` entries of
 * "service:option", in order, and for each the person chosen in a `with` entry naming it
 * (visitPersonValue; none, or `any`: anyone). A `with` names its service rather than its place, so
 * a service taken out of the visit (its box unticked) takes no one else's person. Unreadable
 * entries are left out.
 */
export function morePartsFromForm(
  values: string[],
  people: string[] = [],
): { service: string; option: string; staff?: number }[] {
  const unused = people.flatMap((value) => {
    const colon = value.indexOf(":");
    const who = value.slice(0, colon);
    const staff = who === "any" ? null : Number(who);
    return colon > 0 && (staff === null || (Number.isInteger(staff) && staff > 0))
      ? [{ staff, part: value.slice(colon + 1) }]
      : [];
  });
  return values.flatMap((value) => {
    const colon = value.indexOf(":");
    if (colon <= 0) return [];
    const taken = unused.findIndex((p) => p.part === value);
    const staff = taken < 0 ? undefined : unused.splice(taken, 1)[0].staff;
    return [{ service: value.slice(0, colon), option: value.slice(colon + 1), ...(staff ? { staff } : {}) }];
  });
}
