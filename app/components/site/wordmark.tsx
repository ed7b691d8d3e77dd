import { cn } from "~/lib/utils";

/**
 * The business name set as a wordmark: the first word large in the display face, the rest as a
 * letter-spaced line beneath ("Aurelia" / "BEAUTY BAR & SUITES"). The text stays the full name.
 */
export function Wordmark({
  name,
  className,
  tone = "default",
}: {
  name: string;
  className?: string;
  tone?: "default" | "band";
}) {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  const first = space === -1 ? trimmed : trimmed.slice(0, space);
  const rest = space === -1 ? "" : trimmed.slice(space + 1);
  return (
    <span className={cn("inline-flex flex-col items-start leading-none", className)}>
      <span className="font-display text-[1.7rem] font-medium tracking-[0.02em]">{first}</span>
      {rest && (
        <span
          className={cn(
            "mt-1 pl-[0.1em] text-[0.58rem] font-medium tracking-[0.34em] uppercase",
            tone === "band" ? "text-band-accent" : "text-accent",
          )}
        >
          {" "}
          {rest}
        </span>
      )}
    </span>
  );
}
