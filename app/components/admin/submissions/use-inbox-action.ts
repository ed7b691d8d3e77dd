import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/admin/toaster";
import type { InboxActionReply } from "~/lib/submissions";

/** A fetcher for one inbox action that toasts its answer once (Success, or Error in red). */
export function useInboxAction(key: string) {
  const fetcher = useFetcher<InboxActionReply>({ key });
  const shown = useRef<InboxActionReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data;
    if (reply && fetcher.state === "idle" && shown.current !== reply) {
      shown.current = reply;
      showToast({
        title: reply.ok ? "Success" : "Error",
        description: reply.message,
        variant: reply.ok ? "default" : "destructive",
      });
    }
  }, [fetcher.data, fetcher.state]);
  return { fetcher, busy: fetcher.state !== "idle" };
}
