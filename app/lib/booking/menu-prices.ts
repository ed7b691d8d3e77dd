import type { ServiceType } from "~/content/page-ids";
import type { Treatment } from "~/content/treatments";
import type { ServiceOption } from "./service-options";

/**
 * Every price and length the site shows is read from the options the owner edits (a service
 * page's `service_options`): a service's "Starting at" is its lowest price, its length the range
 * of its options' lengths, a treatment's facts those of the options it names.
 */
type Priced = Pick<ServiceOption, "durationMinutes" | "price">;

/** The facts a card or a hero shows; absent when no option gives one. */
export interface MenuFacts {
  /** "$40", "$335". */
  price?: string;
  /** "45 min", "15–90 min", "30 min – 3 hr". */
  length?: string;
}

/** The amount a price text names ("$280+" → 280, "$1,200" → 1200, "$62.50" → 62.5), or undefined ("Free", ""). */
export function priceAmount(price: string): number | undefined {
  const match = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(price);
  if (!match) return undefined;
  return Number(match[1].replaceAll(",", "")) + (match[2] ? Number(match[2].padEnd(2, "0")) / 100 : 0);
}

/** An amount as US prices are written: "$65", "$1,200", "$62.50". */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return amount.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
}

/** A length as a menu says it: minutes under two hours ("20 min", "90 min"), else hours ("2½ hr", "3 hr", "2 hr 15 min"). */
export function formatLength(minutes: number): string {
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!rest) return `${hours} hr`;
  return rest === 30 ? `${hours}½ hr` : `${hours} hr ${rest} min`;
}

function lengthRange(options: readonly Priced[]): string | undefined {
  if (!options.length) return undefined;
  const lengths = options.map((o) => o.durationMinutes);
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  if (shortest === longest) return formatLength(shortest);
  // Both in minutes: the unit once ("15–90 min").
  if (longest < 120) return `${shortest}–${longest} min`;
  return `${formatLength(shortest)} – ${formatLength(longest)}`;
}

/** A choice of options (a service, a treatment): the lowest price among them and their range of lengths. */
export function choiceFacts(options: readonly Priced[]): MenuFacts {
  const amounts = options.map((o) => priceAmount(o.price)).filter((a) => a !== undefined);
  return {
    price: amounts.length ? formatAmount(Math.min(...amounts)) : undefined,
    length: lengthRange(options),
  };
}

/** Options taken together in one visit (a package): their prices and lengths added up. */
export function packageFacts(options: readonly Priced[]): MenuFacts {
  if (!options.length) return {};
  const amounts = options.map((o) => priceAmount(o.price));
  const minutes = options.reduce((sum, o) => sum + o.durationMinutes, 0);
  return {
    price: amounts.every((a) => a !== undefined) ? formatAmount(amounts.reduce((sum, a) => sum + a, 0)) : undefined,
    length: formatLength(minutes),
  };
}

/** The option of a list with this name, ignoring case and spacing (an owner may retype one). */
export function findOption<T extends Pick<ServiceOption, "name">>(options: readonly T[], name: string): T | undefined {
  const key = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  return options.find((o) => key(o.name) === key(name));
}

/**
 * A signature treatment's facts from the options it names: a choice "From" its lowest price, a
 * package the sum. An option the owner removed is left out of a choice, and leaves a package
 * without facts (its sum would be wrong).
 */
export function treatmentFacts(
  menu: Treatment["menu"],
  optionsOf: (type: ServiceType) => readonly ServiceOption[],
  priceFrom: string,
): MenuFacts {
  const found = menu.options.map(([type, name]) => findOption(optionsOf(type), name));
  const present = found.filter((o) => o !== undefined);
  if (menu.kind === "package") return present.length === found.length ? packageFacts(present) : {};
  const facts = choiceFacts(present);
  return { ...facts, price: facts.price && `${priceFrom} ${facts.price}` };
}

/** A price list's lines: each option with its length and its price as written. */
export function priceListItems(options: readonly ServiceOption[]) {
  return options.map((o) => ({ name: o.name, length: formatLength(o.durationMinutes), price: o.price || undefined }));
}

/**
 * A booking's price as it was stored, one option's price per service joined by " + " ("$150 +
 * $45"), as one total: "$195"; "$475+" when a part is a starting price ("$280+"); as stored when a
 * part names no amount.
 */
export function bookingPriceTotal(price: string): string {
  const parts = price.split(" + ").filter(Boolean);
  const amounts = parts.map(priceAmount);
  if (parts.length < 2 || amounts.some((a) => a === undefined)) return price;
  const total = formatAmount(amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0));
  return parts.some((p) => p.trim().endsWith("+")) ? `${total}+` : total;
}
