import { Check } from "lucide-react";
import { cn } from "~/lib/utils";

/** A card's list of what it includes, each line with an accent check mark. */
export function FeatureList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn("flex flex-col text-sm", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5">
          <Check aria-hidden strokeWidth={1.5} className="mt-0.5 size-4 shrink-0 text-accent" />
          {item}
        </li>
      ))}
    </ul>
  );
}
