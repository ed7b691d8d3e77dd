import { ArrowRight } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";

/** A service category tile on /services: the whole tile links to the category page. */
export function CategoryCard({
  href,
  title,
  tagline,
  description,
  image,
  cta,
}: {
  href: string;
  title: string;
  tagline: string;
  description: string;
  image: string;
  cta: string;
}) {
  return (
    <a
      href={href}
      className="group relative isolate flex aspect-[4/3] flex-col justify-end overflow-hidden bg-band p-6 text-band-foreground sm:p-7"
    >
      <ResponsiveImage
        maxWidth={1600}
        src={image}
        alt=""
        width={960}
        height={720}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        className="absolute inset-0 -z-20 h-full w-full object-cover transition-transform duration-700 ease-out group-hover:scale-105 motion-reduce:transition-none"
      />
      <span
        aria-hidden
        className="absolute inset-0 -z-10 bg-linear-to-t from-black/90 via-black/70 via-55% to-black/0"
      />
      <span className="eyebrow text-band-accent">{tagline}</span>
      <h3 className="mt-2 text-2xl leading-tight font-normal text-white sm:text-[1.7rem]">{title}</h3>
      <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-white/85">{description}</p>
      <span className="mt-4 inline-flex items-center gap-2 text-xs font-medium tracking-[0.18em] text-white uppercase">
        {cta}
        <ArrowRight aria-hidden strokeWidth={1.5} className="size-4 transition-transform group-hover:translate-x-1" />
      </span>
    </a>
  );
}
