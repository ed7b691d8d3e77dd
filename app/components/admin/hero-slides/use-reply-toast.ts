import { useEffect, useRef } from "react";
import { showToast } from "~/components/admin/toaster";

interface Reply {
  ok: boolean;
  message: string;
}

/**
 * Toasts a fetcher's answer once, as soon as it arrives (before the list reloads, so a card that
 * disappears with the reload still gets its toast). Titles as in docs/product.md, Hero slides.
 */
export function useReplyToast(reply: Reply | undefined, onReply?: (reply: Reply) => void) {
  const shown = useRef<Reply | undefined>(undefined);
  useEffect(() => {
    if (!reply || shown.current === reply) return;
    shown.current = reply;
    showToast({
      title: reply.ok ? "Success" : "Error",
      description: reply.message,
      variant: reply.ok ? "default" : "destructive",
    });
    onReply?.(reply);
  }, [reply, onReply]);
}
