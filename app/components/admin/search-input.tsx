import { Search } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * An admin search box: the input with a magnifier inside it. `className` is for the wrapper,
 * `inputWidth` sets the input's own width.
 */
export function SearchInput({
  id,
  name,
  className,
  inputWidth = "w-full",
  ...props
}: { id: string; name: string; inputWidth?: string } & Omit<React.ComponentProps<"input">, "type" | "id" | "name">) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id={id}
        name={name}
        type="search"
        {...props}
        className={`h-10 ${inputWidth} border border-border bg-surface pr-3 pl-9 text-sm focus-visible:border-foreground`}
      />
    </div>
  );
}
