import { telHref } from "~/lib/phone";

/**
 * Nobody active does the service: the words of notBookableOnline, with the salon's number as a
 * link (the booking form and a booking's manage page both say it).
 */
export function NotBookableText({ service, phone }: { service: string; phone: string }) {
  const link = "whitespace-nowrap underline decoration-accent/60 underline-offset-4 hover:decoration-accent";
  return (
    <p className="border-l-2 border-accent pl-5 leading-relaxed" data-not-bookable-text>
      Online booking for {service} is not available right now.{" "}
      {phone.trim() ? (
        <>
          Call us at{" "}
          <a href={telHref(phone)} className={link}>
            {phone.trim()}
          </a>
          .
        </>
      ) : (
        "Please call us."
      )}
    </p>
  );
}
