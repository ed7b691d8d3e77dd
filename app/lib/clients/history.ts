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
