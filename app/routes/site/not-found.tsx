import { data } from "react-router";
import { SERVICES_INDEX } from "~/components/site/navigation";
import { buttonVariants } from "~/components/ui/button";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/not-found";

/** Any unknown path: the 404 page with HTTP status 404, the path logged (a broken link shows in the logs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.get(servicesContext).logger.warn({ path: pathname }, "404: no page at this path");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section className="relative isolate overflow-hidden">
      {/* Decorative numerals as generated content: not text for readers or contrast checks. */}
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-1/2 -z-10 -translate-x-1/2 -translate-y-1/2 font-display text-[14rem] leading-none text-accent/[0.07] italic select-none before:content-['404'] sm:text-[22rem]"
      />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-36">
        <p className="eyebrow text-accent">Error 404</p>
        <h1 className="mt-5 text-4xl leading-tight font-normal sm:text-6xl">Oops! Page not found</h1>
        <span aria-hidden className="my-8 block h-px w-16 bg-accent/60" />
        <p className="max-w-md leading-relaxed text-muted-foreground">
          We couldn&apos;t find <span className="font-medium break-all text-foreground">{loaderData.pathname}</span>.
          The page may have moved, or the address may be mistyped.
        </p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <a href="/" className={buttonVariants({ size: "lg" })}>
            Return to home
          </a>
          <a href={SERVICES_INDEX.to} className={buttonVariants({ variant: "outline", size: "lg" })}>
            Browse services
          </a>
        </div>
        <p className="mt-8 text-sm text-muted-foreground">
          Looking for something specific?{" "}
          <a
            href="/contact"
            className="text-foreground underline decoration-accent/60 underline-offset-4 hover:decoration-accent"
          >
            Contact us
          </a>
        </p>
      </div>
    </section>
  );
}
