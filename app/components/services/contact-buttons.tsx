import { MessageCircle, Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { smsHref, telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";

/** The Call and Text buttons of a service, booking or suites page (tel: and sms: links). */
export function CallTextButtons({
  phone,
  callLabel,
  textLabel,
  className,
}: {
  phone: string;
  callLabel: string;
  textLabel: string;
  className?: string;
}) {
  if (!phone) return null;
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row", className)}>
      <a href={telHref(phone)} className={buttonVariants({ size: "lg" })}>
        <Phone aria-hidden strokeWidth={1.5} className="size-4" />
        {callLabel}
        <span className="sr-only">{phone}</span>
      </a>
      <a href={smsHref(phone)} className={buttonVariants({ variant: "outline", size: "lg" })}>
        <MessageCircle aria-hidden strokeWidth={1.5} className="size-4" />
        {textLabel}
        <span className="sr-only">{phone}</span>
      </a>
    </div>
  );
}
