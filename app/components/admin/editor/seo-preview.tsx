import { useEffect, useRef, useState } from "react";
import { lengthHint, SEO_DESCRIPTION_LENGTH, SEO_TITLE_LENGTH, seoKeys, type SeoText } from "~/lib/seo";
import type { EditorData, EditorDef } from "~/lib/editors";
import { cn } from "~/lib/utils";

/**
 * The search result and the social card as the page's head will give them, following the SEO
 * fields as they are typed (an empty field shows what the page makes itself), with length hints.
 */
export function SeoPreview({ def, data }: { def: EditorDef; data: EditorData }) {
  const keys = seoKeys(def.page);
  const ref = useRef<HTMLDivElement>(null);
  const read = (key: string) => (data.values[key] ?? "").trim();
  const [own, setOwn] = useState({
    title: read(keys.title),
    description: read(keys.description),
    image: read(keys.image),
  });

  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const value = (name: string) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value.trim() : "";
    };
    const update = () =>
      setOwn({ title: value(keys.title), description: value(keys.description), image: value(keys.image) });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [keys.title, keys.description, keys.image]);

  const { generated, publicUrl, businessName } = data.seo;
  const shown: SeoText = {
    title: own.title || withName(generated.title, businessName),
    description: own.description || generated.description,
    image: own.image || generated.image,
  };
  const url = `${publicUrl}${def.publicPath === "/" ? "/" : def.publicPath}`;
  const titleHint = lengthHint(shown.title.length, SEO_TITLE_LENGTH);
  const descriptionHint = lengthHint(shown.description.length, SEO_DESCRIPTION_LENGTH);

  return (
    <div ref={ref} className="grid grid-cols-1 gap-5 lg:grid-cols-2" data-testid="seo-preview">
      <section aria-labelledby="seo-search-heading" className="border border-border bg-surface p-5">
        <h3 id="seo-search-heading" className="text-base font-medium">
          In search results
        </h3>
        <div className="mt-3 flex flex-col gap-1">
          <p className="truncate text-xs text-muted-foreground">{url}</p>
          <p className="line-clamp-2 text-lg leading-snug text-accent">{shown.title}</p>
          <p className="line-clamp-3 text-sm text-muted-foreground">{shown.description}</p>
        </div>
        <ul className="mt-3 flex flex-col gap-1 text-xs">
          <li className={cn(titleHint.over ? "text-danger" : "text-muted-foreground")}>Title: {titleHint.text}</li>
          <li className={cn(descriptionHint.over ? "text-danger" : "text-muted-foreground")}>
            Description: {descriptionHint.text}
          </li>
        </ul>
        {!own.title || !own.description ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {!own.title && !own.description
              ? "Title and description are made from the page."
              : !own.title
                ? "The title is made from the page."
                : "The description is made from the page."}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="seo-card-heading" className="border border-border bg-surface p-5">
        <h3 id="seo-card-heading" className="text-base font-medium">
          When shared
        </h3>
        <div className="mt-3 overflow-hidden border border-border">
          {shown.image ? (
            <img
              src={shown.image}
              alt=""
              className="aspect-[1.91/1] w-full bg-surface-muted object-cover"
              loading="lazy"
            />
          ) : (
            <p className="grid aspect-[1.91/1] place-items-center bg-surface-muted text-sm text-muted-foreground">
              No image: the card is shown small
            </p>
          )}
          <div className="flex flex-col gap-1 p-3">
            <p className="truncate text-xs text-muted-foreground uppercase">{hostOf(url)}</p>
            <p className="line-clamp-2 font-medium">{shown.title}</p>
            <p className="line-clamp-2 text-sm text-muted-foreground">{shown.description}</p>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The generated title as the head gives it: with the business name unless it has it. */
const withName = (title: string, businessName: string) =>
  title.includes(businessName) ? title : `${title} | ${businessName}`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
