import { useEffect, useRef } from "react";
import { showToast } from "~/components/admin/toaster";
import type { ActionReply } from "~/lib/forms/action-reply";

export interface ReplyToastOptions<R> {
  /** The toasts' texts, one toast each (default: the reply's message). */
  messages?: (reply: R) => string[];
  /** Runs once per reply, after its toasts. */
  onReply?: (reply: R) => void;
}

const replyMessages = (reply: ActionReply) => (reply.message ? [reply.message] : []);

/**
 * Toasts an action's reply once, as soon as it arrives: "Success", or "Error" in red, with the
 * reply's message. It arrives before the reload that follows an action, so a card the reload
 * removes still gets its toast. Pass stable `messages`/`onReply` functions (module scope or useCallback).
 */
export function useReplyToast<R extends ActionReply>(reply: R | undefined, options: ReplyToastOptions<R> = {}) {
  const { messages = replyMessages, onReply } = options;
  const shown = useRef<R | undefined>(undefined);
  useEffect(() => {
    if (!reply || shown.current === reply) return;
    shown.current = reply;
    for (const description of messages(reply)) {
      showToast(reply.ok ? { title: "Success", description } : { title: "Error", description, variant: "destructive" });
    }
    onReply?.(reply);
  }, [reply, messages, onReply]);
}
