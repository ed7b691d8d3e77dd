import { useFetcher } from "react-router";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import type { InboxActionReply } from "~/lib/submissions";

/** A fetcher for one inbox action that toasts its answer once (Success, or Error in red). */
export function useInboxAction(key: string) {
  const fetcher = useFetcher<InboxActionReply>({ key });
  useReplyToast(fetcher.data);
  return { fetcher, busy: fetcher.state !== "idle" };
}
