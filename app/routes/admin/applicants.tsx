import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { StageChip } from "~/components/admin/applicants/stage-chip";
import { FilterSearch, FilterSelect, ListFilterBar } from "~/components/admin/list-filters";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import {
  APPLICANT_STAGES,
  applicantSearch,
  parseApplicantQuery,
  STAGE_LABELS,
  type ApplicantStage,
} from "~/lib/applicants/pipeline";
import { formatInZone } from "~/lib/dates";
import { detailEntries, MAX_SEARCH_LENGTH } from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { applicantBoard } from "~/server/applicants/pipeline.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { suiteTypeChoices } from "~/server/suites/suite-types.server";
import type { Route } from "./+types/applicants";

/** /admin/applicants (docs/product.md, Applicants): suite applicants by stage, filtered and paged. */

export const meta: Route.MetaFunction = () => [{ title: "Applicants | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const suiteTypes = (await suiteTypeChoices(db)).map((type) => type.name);
  const query = parseApplicantQuery(new URL(args.request.url).searchParams, suiteTypes);
  const { timeZone } = await content.getSettings();
  const board = await applicantBoard(db, query);
  return {
    query: { ...query, page: board.page },
    suiteTypes,
    counts: board.counts,
    page: board.page,
    pageCount: board.pageCount,
    stages: board.stages.map(({ stage, total, cards }) => ({
      stage,
      total,
      cards: cards.map((card) => {
        const details = Object.fromEntries(detailEntries(card.details).map((entry) => [entry.key, entry.value]));
        return {
          id: card.id,
          name: card.name || card.email,
          stage: card.stage,
          specialty: details.specialty ?? "",
          suites: details.suiteSizes ?? "",
          start: details.desiredOccupancyDate ?? "",
          since: formatInZone(card.stageAt, timeZone, "MMM d"),
          stageAt: card.stageAt,
        };
      }),
    })),
  };
}

type Card = Route.ComponentProps["loaderData"]["stages"][number]["cards"][number];

function ApplicantCardItem({ card }: { card: Card }) {
  return (
    <li className="flex flex-col gap-1 border-b border-border p-4 last:border-b-0" data-testid="applicant-card">
      <div className="flex items-baseline justify-between gap-3">
        <Link
          to={`/admin/applicants/${card.id}`}
          className="font-medium break-words underline-offset-4 hover:underline"
        >
          {card.name}
        </Link>
        <time dateTime={card.stageAt} className="shrink-0 text-xs text-muted-foreground" title="In this stage since">
          {card.since}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        {[card.specialty, card.suites, card.start ? `from ${card.start}` : ""].filter(Boolean).join(" · ")}
      </p>
    </li>
  );
}

export default function Applicants({ loaderData }: Route.ComponentProps) {
  const { query, counts, stages, page, pageCount, suiteTypes } = loaderData;
  const all = APPLICANT_STAGES.reduce((sum, stage) => sum + counts[stage], 0);
  const tab = (stage: ApplicantStage | "", label: string, count: number) => {
    const current = query.stage === stage;
    return (
      <Link
        key={stage || "all"}
        to={`/admin/applicants${applicantSearch({ ...query, stage, page: 1 })}`}
        aria-current={current ? "page" : undefined}
        className={cn(
          "inline-flex items-center gap-2 border px-3 py-1.5 text-sm",
          current ? "border-foreground bg-foreground text-background" : "border-border hover:border-foreground/40",
        )}
      >
        {label}
        <span className="tabular-nums">{count}</span>
      </Link>
    );
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl sm:text-3xl">Applicants</h2>
        <p className="text-sm text-muted-foreground">
          Every suite application, from new to leased. Open one to move it on, add a note or e-mail the applicant.
        </p>
      </div>

      <ListFilterBar label="Filter applicants">
        {query.stage ? <input type="hidden" name="stage" value={query.stage} /> : null}
        <FilterSearch
          id="applicants-q"
          label="Search applicants"
          value={query.q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Name, email or phone"
        />
        <FilterSelect
          id="applicants-type"
          label="Suite type"
          name="type"
          value={query.type}
          anyLabel="Any suite type"
          options={suiteTypes.map((size) => ({ value: size, label: size }))}
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </ListFilterBar>

      <nav aria-label="Stages" className="flex flex-wrap gap-2">
        {tab("", "All", all)}
        {APPLICANT_STAGES.map((stage) => tab(stage, STAGE_LABELS[stage], counts[stage]))}
      </nav>

      {all === 0 ? (
        <div className="flex flex-col items-center gap-3 border border-dashed border-border bg-surface px-6 py-16 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
            <ClipboardList className="size-6" aria-hidden="true" />
          </span>
          <p className="font-display text-xl">{query.q || query.type ? "No applicants match" : "No applicants yet"}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {query.q || query.type
              ? "Try another name or suite type."
              : "Each suite application from /suites appears here as a new applicant."}
          </p>
        </div>
      ) : (
        <div className={cn("grid items-start gap-4", !query.stage && "md:grid-cols-2 xl:grid-cols-3")}>
          {stages.map(({ stage, total, cards }) => (
            <section
              key={stage}
              aria-labelledby={`stage-${stage}`}
              className="flex flex-col border border-border bg-surface"
              data-testid={`stage-${stage}`}
            >
              <h3 id={`stage-${stage}`} className="flex items-center justify-between gap-3 border-b border-border p-4">
                <StageChip stage={stage} />
                <span className="font-sans text-sm text-muted-foreground tabular-nums">
                  {total} {total === 1 ? "applicant" : "applicants"}
                </span>
              </h3>
              {cards.length ? (
                <ul aria-label={STAGE_LABELS[stage]}>
                  {cards.map((card) => (
                    <ApplicantCardItem key={card.id} card={card} />
                  ))}
                </ul>
              ) : (
                <p className="p-4 text-sm text-muted-foreground">None.</p>
              )}
              {!query.stage && total > cards.length ? (
                <Link
                  to={`/admin/applicants${applicantSearch({ ...query, stage, page: 1 })}`}
                  className="mt-auto border-t border-border p-4 text-sm text-accent underline-offset-4 hover:underline"
                >
                  Show all {total} {STAGE_LABELS[stage].toLowerCase()}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
      )}

      {query.stage ? (
        <Pagination
          page={page}
          pageCount={pageCount}
          href={(p) => `/admin/applicants${applicantSearch({ ...query, page: p })}`}
        />
      ) : null}
    </div>
  );
}
