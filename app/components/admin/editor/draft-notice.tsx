import { Eye, FilePen } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import type { EditorDraft } from "~/lib/editors";

/** What the draft's and the history's buttons need of the screen's fetcher (a page editor's or the slide list's). */
export type DraftFetcher = Pick<FetcherWithComponents<unknown>, "state" | "formData" | "Form">;

/** "Draft — not published": when and by whom it was saved, its preview link, Publish draft and Discard draft. */
export function DraftNotice({
  draft,
  timeZone,
  fetcher,
  what = "page",
}: {
  draft: EditorDraft;
  timeZone: string;
  fetcher: DraftFetcher;
  /** What visitors keep seeing until the publish: "page", or "slides". */
  what?: string;
}) {
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : undefined;
  return (
    <section
      aria-labelledby="draft-heading"
      className="flex flex-col gap-4 border border-accent/50 bg-accent-soft/40 p-4 sm:flex-row sm:items-center"
      data-testid="draft-notice"
    >
      <FilePen className="hidden size-5 shrink-0 text-accent sm:block" aria-hidden="true" />
      <div className="flex-1">
        <h3 id="draft-heading" className="text-base font-medium">
          Draft — not published
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Saved {formatDateTime(draft.savedAt, timeZone)}
          {draft.savedBy ? ` by ${draft.savedBy}` : ""}. Visitors see the published {what} until you publish.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={draft.previewPath}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Eye className="size-4" aria-hidden="true" />
          Preview<span className="sr-only"> the draft (opens in a new tab)</span>
        </a>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="publish-draft" />
          <Button type="submit" size="sm" disabled={!!pending}>
            {pending === "publish-draft" ? "Publishing…" : "Publish draft"}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="discard" />
          <Button type="submit" variant="ghost" size="sm" disabled={!!pending}>
            {pending === "discard" ? "Discarding…" : "Discard draft"}
          </Button>
        </fetcher.Form>
      </div>
    </section>
  );
}
