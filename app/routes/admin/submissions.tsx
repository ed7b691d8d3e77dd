import { AlertTriangle, Inbox } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { InboxFilters } from "~/components/admin/submissions/inbox-filters";
import { Pagination } from "~/components/admin/pagination";
import { SubmissionCard } from "~/components/admin/submissions/submission-card";
import type { InboxCard } from "~/components/admin/submissions/types";
import { useInboxAction } from "~/components/admin/submissions/use-inbox-action";
import { ViewTabs } from "~/components/admin/submissions/view-tabs";
import { showToast } from "~/components/admin/toaster";
import {
  formatSubmittedAt,
  INBOX_VIEWS,
  inboxSearch,
  parseInboxQuery,
  senderFields,
  suiteSummary,
  VIEW_LABELS,
  type InboxView,
} from "~/lib/submissions";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { handleInboxAction } from "~/server/submissions/actions.server";
import {
  listSubmissions,
  statusCounts,
  viewCount,
  type SubmissionCard as Row,
} from "~/server/submissions/query.server";
import type { Route } from "./+types/submissions";

export const meta: Route.MetaFunction = () => [{ title: "Form Submissions | Admin" }];

const LOAD_ERROR = "Failed to load form submissions";

function toCard(row: Row, timeZone: string): InboxCard {
  return {
    id: row.id,
    formType: row.form_type,
    ...senderFields(row),
    summary: row.form_type === "Suite Application" ? suiteSummary(row.details) : null,
    status: row.status,
    createdAt: row.created_at,
    createdLabel: formatSubmittedAt(row.created_at, timeZone),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, logger, content } = args.context.get(servicesContext);
  const query = parseInboxQuery(new URL(args.request.url).searchParams);
  const isAdmin = user.role === "admin";
  try {
    const [page, counts, { timeZone }] = await Promise.all([
      listSubmissions(db, query),
      statusCounts(db, query),
      content.getSettings(),
    ]);
    const views = Object.fromEntries(INBOX_VIEWS.map((v) => [v, viewCount(counts, v)])) as Record<InboxView, number>;
    return {
      ok: true as const,
      isAdmin,
      query: { ...query, page: page.page },
      cards: page.rows.map((row) => toCard(row, timeZone)),
      total: page.total,
      page: page.page,
      pageCount: page.pageCount,
      pageSize: page.pageSize,
      views,
      /** Rows in any status at all: tells 'no submissions yet' from 'none match'. */
      everything: counts.new + counts.read + counts.answered + counts.archived + counts.spam,
    };
  } catch (error) {
    logger.error({ err: String(error) }, "loading form submissions failed");
    return data({ ok: false as const, isAdmin, query }, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  return handleInboxAction({ ...args, params: {} });
}

function EmptyState({ title, text, action }: { title: string; text?: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 border border-dashed border-border bg-surface px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
        <Inbox className="size-6" aria-hidden="true" />
      </span>
      <p className="font-display text-xl">{title}</p>
      {text ? <p className="max-w-sm text-sm text-muted-foreground">{text}</p> : null}
      {action}
    </div>
  );
}

export default function Submissions({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const quickAction = useInboxAction("inbox-quick-action");
  const failed = !loaderData.ok;
  useEffect(() => {
    if (failed) showToast({ title: "Error", description: LOAD_ERROR, variant: "destructive" });
  }, [failed, location.key]);

  if (!loaderData.ok) {
    return (
      <div className="mx-auto max-w-5xl">
        <div role="alert" className="flex items-start gap-3 border border-danger/40 bg-surface p-6 text-danger">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{LOAD_ERROR}</p>
            <p className="mt-1 text-sm text-muted-foreground">Please reload the page in a moment.</p>
          </div>
        </div>
      </div>
    );
  }

  const { query, cards, total, page, pageCount, pageSize, views, isAdmin, everything } = loaderData;
  const listSearch = inboxSearch(query);
  const filtered = !!query.q || !!query.type;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl sm:text-3xl">{query.view === "all" ? "All submissions" : VIEW_LABELS[query.view]}</h2>
        <p className="text-sm text-muted-foreground">
          Appointment requests, bookings, messages and suite applications from the website, newest first.
        </p>
      </div>

      <InboxFilters query={query} />
      <ViewTabs query={query} counts={views} />

      <p className="min-h-5 text-sm text-muted-foreground" role="status" data-testid="result-summary">
        {total
          ? `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${VIEW_LABELS[query.view].toLowerCase()} ${total === 1 ? "submission" : "submissions"}${query.q ? ` matching “${query.q}”` : ""}`
          : null}
      </p>

      {cards.length ? (
        <ol className="flex flex-col gap-4" aria-label="Submissions">
          {cards.map((card) => (
            <li key={card.id}>
              <SubmissionCard card={card} listSearch={listSearch} isAdmin={isAdmin} action={quickAction} />
            </li>
          ))}
        </ol>
      ) : everything === 0 && !filtered ? (
        <EmptyState
          title="No form submissions yet"
          text="Requests from the website's forms will appear here as they arrive."
        />
      ) : (
        <EmptyState
          title={
            filtered ? "No submissions match these filters" : `No ${VIEW_LABELS[query.view].toLowerCase()} submissions`
          }
          text={filtered ? "Try another word or form type." : undefined}
          action={
            filtered ? (
              <Link
                to={`/admin/submissions${inboxSearch({ ...query, q: "", type: null, page: 1 })}`}
                className="text-sm text-accent underline underline-offset-4"
              >
                Clear the filters
              </Link>
            ) : null
          }
        />
      )}

      <Pagination
        page={page}
        pageCount={pageCount}
        href={(p) => `/admin/submissions${inboxSearch({ ...query, page: p })}`}
      />
    </div>
  );
}
