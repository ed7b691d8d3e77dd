import { useFetcher } from "react-router";
import { useReplyToast, type ReplyToastOptions } from "~/components/admin/use-reply-toast";
import type { StaffBookingReply } from "~/lib/booking/staff-forms";

/**
 * A fetcher for the actions of /admin/bookings that toasts each answer once; `errors` are the
 * last answer's field errors.
 */
export function useBookingAction(key: string, options: ReplyToastOptions<StaffBookingReply> = {}) {
  const fetcher = useFetcher<StaffBookingReply>({ key });
  useReplyToast(fetcher.data, options);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return { fetcher, busy: fetcher.state !== "idle", errors };
}
