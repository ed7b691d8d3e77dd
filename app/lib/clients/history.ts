import { priceAmount } from "~/lib/booking/menu-prices";

/**
 * A client's past with the salon as the request cards show it, counted over every booking that
 * matches them by e-mail or phone (app/server/clients/history.server.ts).
 */
export interface ClientHistory {
  /** Completed appointments. */
  visits: number;
  noShows: number;
  lateCancellations: number;
}

export const NO_HISTORY: ClientHistory = { visits: 0, noShows: 0, lateCancellations: 0 };

/** A client's history with when they last came and what their completed visits cost. */
export interface ClientTotals extends ClientHistory {
  /** When their last completed visit began (UTC ISO), or null. */
  lastVisitAt: string | null;
  /** An estimate in dollars: the sum of visitAmount over completed visits. */
  spent: number;
}

/**
 * What a visit cost, estimated from its price as stored ("$60 + $45" is 105; "$280+" counts as
 * 280); parts that name no amount count as nothing. The salon takes payment elsewhere, so this is
 * what the menu said at booking time, not what was paid.
 */
export function visitAmount(price: string): number {
  return price
    .split(" + ")
    .map((part) => priceAmount(part) ?? 0)
    .reduce((sum, amount) => sum + amount, 0);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 visits, 1 no-show, 1 late cancellation"; "New client" when there is nothing to count. */
export function historyLine(history: ClientHistory): string {
  const parts = [
    history.visits ? count(history.visits, "visit", "visits") : "",
    history.noShows ? count(history.noShows, "no-show", "no-shows") : "",
    history.lateCancellations ? count(history.lateCancellations, "late cancellation", "late cancellations") : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "New client";
}
