import { useFetcherReplyToast, type ReplyToastOptions } from "~/components/admin/use-reply-toast";
import type { StaffBookingReply } from "~/lib/booking/staff-forms";

/**
 * A fetcher for the actions of /admin/bookings whose answers are toasted once, even when the answer
 * removes the card that sent it; `errors` are the last answer's field errors.
 */
export function useBookingAction(key: string, options: ReplyToastOptions<StaffBookingReply> = {}) {
  const fetcher = useFetcherReplyToast<StaffBookingReply>(key, options);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return { fetcher, busy: fetcher.state !== "idle", errors };
}
