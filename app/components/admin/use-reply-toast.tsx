import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { useFetcher } from "react-router";
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
 * Toasts an action's reply once, as soon as the component renders it: "Success", or "Error" in red,
 * with the reply's message; and its notice, if any, in a toast that stays until closed. Pass stable `messages`/`onReply` functions (module scope or useCallback).
 * For a form whose reply can remove it (an answered request's card), use `useFetcherReplyToast`.
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
    if (reply.ok && reply.notice) showToast({ title: "Please note", description: reply.notice, variant: "notice" });
    onReply?.(reply);
  }, [reply, messages, onReply]);
}

type WatchedOptions = RefObject<ReplyToastOptions<ActionReply>>;
/** A key's latest options and how many mounted components send with it. */
interface Watched {
  options: WatchedOptions;
  senders: number;
}
/** Watches a key while its sender is mounted; the returned function is the sender's unmount. */
type Watch = (key: string, options: WatchedOptions) => () => void;
const WatchReplies = createContext<Watch | null>(null);

/**
 * A keyed fetcher whose replies the admin layout toasts (`ReplyToasts`), not the component that
 * sent them. React Router can deliver a reply and the reload that follows it in one render (both
 * are transitions): a card that reload removes never renders the reply, so it could not toast it
 * or run `onReply`. The layout, which stays, watches the key while a sender is mounted and after,
 * until its last reply is shown. `onReply` is the sender's latest; run after the sender is gone, it
 * must do nothing harmful (React ignores a removed component's state updates).
 */
export function useFetcherReplyToast<R extends ActionReply>(key: string, options: ReplyToastOptions<R> = {}) {
  const fetcher = useFetcher<R>({ key });
  const watch = useContext(WatchReplies);
  const latest = useRef(options as ReplyToastOptions<ActionReply>);
  latest.current = options as ReplyToastOptions<ActionReply>;
  useEffect(() => watch?.(key, latest), [watch, key]);
  // Outside the admin layout (a test's stub) nothing watches: toast here.
  useReplyToast(watch ? undefined : (fetcher.data as R | undefined), options);
  return fetcher;
}

/** Toasts the replies of every `useFetcherReplyToast` below it, for as long as it stays. */
export function ReplyToasts({ children }: { children: ReactNode }) {
  const [watched, setWatched] = useState<ReadonlyMap<string, Watched>>(new Map());
  const watch = useCallback<Watch>((key, options) => {
    setWatched((map) => new Map(map).set(key, { options, senders: (map.get(key)?.senders ?? 0) + 1 }));
    return () =>
      setWatched((map) => {
        const entry = map.get(key);
        return entry ? new Map(map).set(key, { ...entry, senders: entry.senders - 1 }) : map;
      });
  }, []);
  // Let go of a key nobody sends with any more: a card shown again starts without the old reply.
  const drop = useCallback(
    (key: string) =>
      setWatched((map) => {
        if (map.get(key)?.senders !== 0) return map;
        const next = new Map(map);
        next.delete(key);
        return next;
      }),
    [],
  );
  return (
    <WatchReplies value={watch}>
      {children}
      {[...watched].map(([key, entry]) => (
        <ReplyWatcher key={key} fetcherKey={key} watched={entry} drop={drop} />
      ))}
    </WatchReplies>
  );
}

function ReplyWatcher({
  fetcherKey,
  watched: { options, senders },
  drop,
}: {
  fetcherKey: string;
  watched: Watched;
  drop: (key: string) => void;
}) {
  const fetcher = useFetcher<ActionReply>({ key: fetcherKey });
  const messages = useCallback((reply: ActionReply) => (options.current.messages ?? replyMessages)(reply), [options]);
  const onReply = useCallback((reply: ActionReply) => options.current.onReply?.(reply), [options]);
  useReplyToast(fetcher.data, { messages, onReply });
  // After the toast's effect (effects run in order): the last reply is shown by the time it is let go.
  const settled = senders === 0 && fetcher.state === "idle";
  useEffect(() => {
    if (settled) drop(fetcherKey);
  }, [settled, fetcherKey, drop]);
  return null;
}
