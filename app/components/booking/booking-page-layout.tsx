import { ArchedImage } from "~/components/site/arched-image";

/**
 * A page that books one service (/book/{id}, the service pages): on a phone the title, then at
 * once the booking form, then what the page tells about the service (description, prices, Call
 * and Text); from 1024 px the title and that text on the left, the form beside them on the right.
 * The photograph closes the text column.
 */
export function BookingPageLayout({
  before,
  eyebrow,
  title,
  formTitle,
  formIntro,
  form,
  details,
  image,
  imageAlt,
}: {
  /** Above the eyebrow (a back link). */
  before?: React.ReactNode;
  eyebrow: string;
  title: string;
  formTitle: string;
  formIntro: string;
  form: React.ReactNode;
  details: React.ReactNode;
  image: string;
  imageAlt: string;
}) {
  return (
    <section className="relative isolate border-b border-border">
      <div aria-hidden className="absolute inset-y-0 right-0 -z-10 hidden w-[58%] bg-surface-muted/50 lg:block" />
      <div className="mx-auto grid max-w-7xl gap-x-16 gap-y-8 px-5 pt-8 pb-16 sm:px-8 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:grid-rows-[auto_1fr] lg:pt-16 lg:pb-24">
        <div className="lg:col-start-1 lg:row-start-1">
          {before}
          <p className="eyebrow text-accent">{eyebrow}</p>
          <h1 className="mt-4 text-[2.4rem] leading-[1.05] font-normal text-balance sm:text-6xl">{title}</h1>
        </div>
        <section
          id="book"
          aria-labelledby="book-title"
          className="-mx-5 min-w-0 border-y border-border bg-surface p-5 shadow-[0_24px_60px_-40px_rgb(43_33_28/0.35)] sm:mx-0 sm:border-x sm:p-10 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <h2 id="book-title" className="text-3xl leading-tight font-normal text-balance">
            {formTitle}
          </h2>
          <p className="mt-3 mb-8 text-sm leading-relaxed text-muted-foreground">{formIntro}</p>
          {form}
        </section>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          {details}
          <ArchedImage
            className="mt-14 max-w-[16rem] sm:max-w-xs lg:mx-0"
            maxWidth={1200}
            src={image}
            alt={imageAlt}
            width={960}
            height={1200}
            sizes="(min-width: 640px) 320px, 256px"
          />
        </div>
      </div>
    </section>
  );
}
