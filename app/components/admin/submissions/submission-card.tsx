import {
  Archive,
  ArchiveRestore,
  CalendarClock,
  ChevronRight,
  Mail,
  Phone,
  RotateCcw,
  Sparkles,
  Store,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { telHref } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { FormTypeBadge, StatusChip } from "./badges";
import type { InboxCard } from "./types";
import type { useInboxAction } from "./use-inbox-action";

/**
 * One submission in the list: who, when, what they asked for, the message, and the quick actions
 * that do not need the detail view (archive, move back, restore from spam). The list owns the
 * fetcher: a card whose row leaves the view is gone before the answer could be toasted from it.
 */
export function SubmissionCard({
  card,
  listSearch,
  isAdmin,
  action,
}: {
  card: InboxCard;
  listSearch: string;
  isAdmin: boolean;
  action: ReturnType<typeof useInboxAction>;
}) {
  const { fetcher } = action;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(card.id);
  const detail = `/admin/submissions/${card.id}`;
  const headingId = `submission-${card.id}-name`;
  const unread = card.status === "new";
  const quick =
    card.status === "spam"
      ? isAdmin
        ? { intent: "restore", label: "Restore", icon: RotateCcw }
        : null
      : card.status === "archived"
        ? { intent: "unarchive", label: "Unarchive", icon: ArchiveRestore }
        : { intent: "archive", label: "Archive", icon: Archive };

  return (
    <article
      aria-labelledby={headingId}
      data-testid="submission-card"
      data-id={card.id}
      data-status={card.status}
      className={cn(
        "relative border border-border bg-surface transition-colors hover:border-foreground/30",
        unread && "shadow-[inset_4px_0_0_var(--accent)]",
        busy && "opacity-60",
      )}
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <FormTypeBadge formType={card.formType} />
          <StatusChip status={card.status} />
          <time dateTime={card.createdAt} className="ml-auto text-xs text-muted-foreground">
            {card.createdLabel}
          </time>
        </div>

        <div className="flex flex-col gap-1">
          <h3 id={headingId} className={cn("text-lg leading-snug", unread ? "font-semibold" : "font-medium")}>
            <Link to={detail} state={{ back: listSearch }} className="hover:text-accent focus-visible:text-accent">
              {card.name || card.email}
            </Link>
          </h3>
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <a
              href={`mailto:${card.email}`}
              className="inline-flex items-center gap-1.5 break-all hover:text-foreground"
            >
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              {card.email}
            </a>
            {card.phone ? (
              <a href={telHref(card.phone)} className="inline-flex items-center gap-1.5 hover:text-foreground">
                <Phone className="size-3.5 shrink-0" aria-hidden="true" />
                {card.phone}
              </a>
            ) : null}
          </p>
        </div>

        {card.service || card.preferredDate || card.preferredTime ? (
          <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {card.service ? (
              <div className="flex items-center gap-1.5">
                <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
                  <Sparkles className="size-3.5" aria-hidden="true" />
                  Service:
                </dt>
                <dd>{card.service}</dd>
              </div>
            ) : null}
            {card.preferredDate || card.preferredTime ? (
              <div className="flex items-center gap-1.5">
                <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
                  <CalendarClock className="size-3.5" aria-hidden="true" />
                  Preferred:
                </dt>
                <dd>{[card.preferredDate, card.preferredTime].filter(Boolean).join(" at ")}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}

        {card.summary ? (
          <p className="flex items-center gap-1.5 text-sm">
            <Store className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {card.summary}
          </p>
        ) : null}

        {card.message ? (
          <p className="line-clamp-3 border-l-2 border-border pl-3 text-sm whitespace-pre-line text-foreground/85">
            {card.message}
          </p>
        ) : null}

        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          <Link
            to={detail}
            state={{ back: listSearch }}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:text-accent-strong"
            aria-label={`Open the submission from ${card.name || card.email}`}
          >
            Open
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
          {quick ? (
            <fetcher.Form method="post" action="/admin/submissions" className="ml-auto">
              <input type="hidden" name="id" value={card.id} />
              <input type="hidden" name="intent" value={quick.intent} />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={`${quick.label} the submission from ${card.name || card.email}`}
              >
                <quick.icon className="size-4" aria-hidden="true" />
                {quick.label}
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      </div>
    </article>
  );
}
