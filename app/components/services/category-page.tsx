import { BookingForm } from "~/components/booking/booking-form";
import { BookingPageLayout } from "~/components/booking/booking-page-layout";
import { PriceList, type PriceItem } from "./price-list";
import { LiveBookingForm, type BookedWording } from "~/components/booking/live-booking-form";
import type { FormMessages } from "~/components/forms";
import { BOOKING_CONFIRMED_MESSAGE, BOOKING_FORM_TEXT } from "~/content/bookings";
import { SERVICE_PAGE_TEXT as T } from "~/content/service-pages";
import type { LiveBookingData, LiveBookingReply } from "~/lib/booking/live-booking";
import { smsHref, telHref } from "~/lib/phone";
import type { BookingServiceKey, PublicFormReply } from "~/lib/forms/public-form-types";
import { CallTextButtons } from "./contact-buttons";

/** How the page books: a real free time (the live form), or a request the salon answers. */
export type CategoryBooking =
  | { kind: "live"; data: LiveBookingData; reply?: LiveBookingReply }
  | { kind: "request"; options: string[]; reply?: PublicFormReply };

export interface CategoryPageProps {
  serviceKey: BookingServiceKey;
  /** The service's title in the page's messages ({service}). */
  serviceTitle: string;
  tagline: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  phone: string;
  textLabel: string;
  bookingTitle: string;
  priceList: PriceItem[];
  menuTitle?: string;
  messages: FormMessages;
  booking: CategoryBooking;
}

/**
 * A service page (/services/{type}, /services/facials): the title, the booking form (a real free
 * time where the service is booked online, else a request), then the description, Call and Text
 * and the price list (beside the form from 1024 px).
 */
export function CategoryPage(props: CategoryPageProps) {
  const { phone, textLabel, booking } = props;
  const intro =
    booking.kind === "request"
      ? BOOKING_FORM_TEXT.introRequest
      : booking.data.instant
        ? BOOKING_FORM_TEXT.introInstant
        : BOOKING_FORM_TEXT.intro;
  const wording: BookedWording = {
    service: props.serviceTitle,
    requested: { title: props.messages.successTitle, description: props.messages.successDescription },
    confirmed: BOOKING_CONFIRMED_MESSAGE,
  };
  return (
    <BookingPageLayout
      eyebrow={props.tagline}
      title={props.title}
      formTitle={props.bookingTitle}
      formIntro={intro}
      image={props.image}
      imageAlt={props.imageAlt}
      form={
        booking.kind === "live" ? (
          <LiveBookingForm data={booking.data} reply={booking.reply} messages={props.messages} wording={wording} />
        ) : (
          <BookingForm
            serviceKey={props.serviceKey}
            options={booking.options}
            messages={props.messages}
            reply={booking.reply}
          />
        )
      }
      details={
        <>
          <p className="max-w-xl leading-relaxed text-muted-foreground sm:text-lg">{props.description}</p>
          <CallTextButtons phone={phone} callLabel={T.callLabel} textLabel={textLabel} className="mt-8" />
          <PriceList title={props.menuTitle ?? T.menuTitle} items={props.priceList} />
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
    />
  );
}
