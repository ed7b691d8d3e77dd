const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `instant` was at `now`, short: "just now", "5 min ago", "2 h ago", "3 d ago". */
export function timeAgo(instant: number, now: number): string {
  const gone = Math.max(0, now - instant);
  if (gone < MINUTE) return "just now";
  if (gone < HOUR) return `${Math.floor(gone / MINUTE)} min ago`;
  if (gone < DAY) return `${Math.floor(gone / HOUR)} h ago`;
  return `${Math.floor(gone / DAY)} d ago`;
}

/** How long until `instant` at `now`, short: "in 5 min", "in 2 h", "in 3 d"; "now" once it has come. */
export function timeUntil(instant: number, now: number): string {
  const left = instant - now;
  if (left < MINUTE) return "now";
  if (left < HOUR) return `in ${Math.floor(left / MINUTE)} min`;
  if (left < DAY) return `in ${Math.floor(left / HOUR)} h`;
  return `in ${Math.floor(left / DAY)} d`;
}
