import { buttonVariants } from "~/components/ui/button";
import { SERVICE_NOT_FOUND as T } from "~/content/services";

/** An unknown /services/{id} or /book/{id}: 'Service Not Found', answered with HTTP 404. */
export function ServiceNotFound({ backHref = "/services" }: { backHref?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-36">
      <p className="eyebrow text-accent">{T.eyebrow}</p>
      <h1 className="mt-5 text-4xl leading-tight font-normal sm:text-6xl">{T.title}</h1>
      <span aria-hidden className="my-8 block h-px w-16 bg-accent/60" />
      <p className="max-w-md leading-relaxed text-muted-foreground">{T.message}</p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <a href={backHref} className={buttonVariants({ size: "lg" })}>
          {T.backLabel}
        </a>
        <a href="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
          {T.homeLabel}
        </a>
      </div>
    </section>
  );
}
