/** One line of a price list: an option, its length and price (when known) and a short description. */
export interface PriceItem {
  name: string;
  /** "45 min", "1 hr 30 min". */
  length?: string;
  /** As the owner wrote it: "$65", "$280+", "Free". */
  price?: string;
  description?: string;
}

/** A service's price list beside its booking form: each option with its length and price, at every width. */
export function PriceList({ title, items }: { title: string; items: PriceItem[] }) {
  if (!items.length) return null;
  return (
    <div className="mt-10">
      <h3 id="price-list-title" className="eyebrow text-foreground">
        {title}
      </h3>
      <ul aria-labelledby="price-list-title" className="mt-5 border-y border-border py-3">
        {items.map((item) => (
          <li key={item.name} data-price-item className="py-2.5">
            <p className="flex items-baseline gap-3">
              <span className="font-display text-[1.05rem] leading-snug text-foreground">
                {item.name}
                {item.length && (
                  <>
                    {" "}
                    <span data-length className="font-sans text-xs whitespace-nowrap text-muted-foreground">
                      · {item.length}
                    </span>
                  </>
                )}
              </span>
              {item.price && (
                <>
                  {" "}
                  <span
                    aria-hidden
                    className="min-w-6 flex-1 translate-y-[-0.25em] border-b-2 border-dotted border-foreground/20"
                  />
                  <span data-price className="shrink-0 text-sm whitespace-nowrap text-accent tabular-nums">
                    {item.price}
                  </span>
                </>
              )}
            </p>
            {item.description && (
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
