import { BookingForm } from "~/components/booking/booking-form";
import { BookingSection, PriceList } from "~/components/booking/booking-section";
import type { FormMessages } from "~/components/forms";
import { BOOKING_FORM_TEXT } from "~/content/bookings";
import { SERVICE_PAGE_TEXT as T } from "~/content/service-pages";
import { smsHref, telHref } from "~/lib/phone";
import type { BookingServiceKey, PublicFormReply } from "~/lib/forms/public-form-types";
import { CallTextButtons } from "./contact-buttons";
import { PageHero } from "./page-hero";

export interface CategoryPageProps {
  serviceKey: BookingServiceKey;
  tagline: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  phone: string;
  textLabel: string;
  bookingTitle: string;
  options: string[];
  /** The service's starting price, shown beside each option of the price list. */
  price?: string;
  optionDescriptions?: string[];
  menuTitle?: string;
  messages: FormMessages;
  reply?: PublicFormReply;
}

/** A service page (/services/{type}, /services/facials): hero with Call and Text, then the price list and the booking form. */
export function CategoryPage(props: CategoryPageProps) {
  const { phone, textLabel } = props;
  return (
    <>
      <PageHero
        eyebrow={props.tagline}
        title={props.title}
        description={props.description}
        image={props.image}
        imageAlt={props.imageAlt}
      >
        <CallTextButtons phone={phone} callLabel={T.callLabel} textLabel={textLabel} className="mt-9" />
      </PageHero>
      <BookingSection
        eyebrow={T.bookingEyebrow}
        title={props.bookingTitle}
        intro={BOOKING_FORM_TEXT.intro}
        aside={
          <>
            <PriceList
              title={props.menuTitle ?? T.menuTitle}
              options={props.options}
              price={props.price}
              descriptions={props.optionDescriptions}
            />
            {phone && (
              <div className="mt-10 border-l-2 border-accent pl-5">
                <p className="font-display text-lg">{T.talkTitle}</p>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{T.talkText}</p>
                <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
                  <a
                    href={telHref(phone)}
                    className="underline decoration-accent/60 underline-offset-4 hover:decoration-accent"
                  >
                    {phone}
                  </a>
                  <a
                    href={smsHref(phone)}
                    className="underline decoration-accent/60 underline-offset-4 hover:decoration-accent"
                  >
                    {textLabel}
                  </a>
                </p>
              </div>
            )}
          </>
        }
      >
        <BookingForm
          serviceKey={props.serviceKey}
          options={props.options}
          messages={props.messages}
          reply={props.reply}
        />
      </BookingSection>
    </>
  );
}
