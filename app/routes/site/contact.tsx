import { useRouteLoaderData } from "react-router";
import { ContactDetails } from "~/components/contact/contact-details";
import { ContactForm } from "~/components/contact/contact-form";
import { ResponsiveImage } from "~/components/responsive-image";
import { CONTACT_SEO, CONTACT_TEXT as T } from "~/content/contact";
import { beautySalonJsonLd, jsonLdScript, generatedSeo, pageSeo, seoMeta, siteFromMatches } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/server/context";
import { publicFormAction } from "./public-form.server";
import type { Route } from "./+types/contact";
import { SectionHeading } from "~/components/site/section-heading";

const FORM_SECTION_ID = "contact-form";

/** /contact: hero, the message form, location, phones, e-mail, hours, map. */
export async function loader({ context }: Route.LoaderArgs) {
  return { contact: await context.get(servicesContext).content.getPage("contact") };
}

export async function action(args: Route.ActionArgs) {
  return publicFormAction(args, "contact");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...siteFromMatches(matches),
    ...(loaderData
      ? pageSeo("contact", loaderData.contact, generatedSeo("contact", loaderData.contact, loaderData.contact))
      : { title: CONTACT_SEO.title, description: "" }),
    path: "/contact",
  });

/** Only an https address is embedded (the page's security policy allows Google Maps frames). */
function mapSrc(url: string): string | undefined {
  return /^https:\/\//i.test(url.trim()) ? url.trim() : undefined;
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const map = mapSrc(contact.map_embed_url);
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLdScript(beautySalonJsonLd(contact, root?.publicUrl ?? "", contact.hero_image)),
        }}
      />
      <section className="relative isolate overflow-hidden bg-band text-band-foreground">
        {contact.hero_image && (
          <ResponsiveImage
            src={contact.hero_image}
            alt=""
            width={2400}
            height={1200}
            sizes="100vw"
            priority
            className="absolute inset-0 -z-20 h-full w-full object-cover"
          />
        )}
        <span aria-hidden className="absolute inset-0 -z-10 bg-linear-to-r from-black/80 via-black/60 to-black/30" />
        <div className="mx-auto flex min-h-[24rem] max-w-7xl flex-col justify-center px-5 py-20 sm:px-8 lg:min-h-[28rem]">
          <div className="max-w-2xl">
            <p className="eyebrow text-band-accent">{T.heroEyebrow}</p>
            <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-normal text-balance text-white sm:text-6xl lg:text-7xl">
              {contact.hero_title}
            </h1>
            <span aria-hidden className="my-7 block h-px w-16 bg-band-accent/70" />
            <p className="max-w-xl text-base leading-relaxed text-white/85 sm:text-lg">{contact.hero_subtitle}</p>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl items-start gap-14 px-5 py-16 sm:px-8 sm:py-24 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)] lg:gap-16">
        <section
          id={FORM_SECTION_ID}
          aria-labelledby="contact-form-title"
          className="border border-border bg-surface p-6 shadow-[0_24px_60px_-40px_rgb(43_33_28/0.35)] sm:p-10 lg:sticky lg:top-24"
        >
          <SectionHeading size="compact" id="contact-form-title" eyebrow={T.formEyebrow} title={T.formTitle}>
            <p className="mt-3 text-muted-foreground">{T.formIntro}</p>
          </SectionHeading>
          <ContactForm reply={actionData} action={`/contact#${FORM_SECTION_ID}`} className="mt-8" />
        </section>
        <section aria-labelledby="contact-details-title" className="lg:pt-4">
          <h2 id="contact-details-title" className="sr-only">
            {contact.business_name}
          </h2>
          <ContactDetails contact={contact} />
        </section>
      </div>

      {map && (
        <section aria-labelledby="map-title" className="border-t border-border">
          <h2 id="map-title" className="sr-only">
            {T.mapTitle}
          </h2>
          <iframe
            src={map}
            title={T.mapFrameTitle(contact.business_name)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block h-[420px] w-full border-0 grayscale-[0.3] dark:brightness-90"
            allowFullScreen
          />
        </section>
      )}
    </>
  );
}
