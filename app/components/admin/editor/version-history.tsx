import { History } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { editorFields, type EditorDef, type FieldChange, type VersionSummary } from "~/lib/editors";
import type { DraftFetcher } from "./draft-notice";
import { isLongChange, textDiff } from "~/lib/editors/history";

/**
 * Each publish of the page (or of the slides, without a def: their changes are worded by length):
 * who, when, what changed (old → new, or a word diff), and Restore.
 */
export function VersionHistory({
  def,
  versions,
  timeZone,
  fetcher,
}: {
  def?: EditorDef;
  versions: VersionSummary[];
  timeZone: string;
  fetcher: DraftFetcher;
}) {
  const fields = new Map(def ? editorFields(def).map((f) => [f.key, f]) : []);
  const restoring = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "restore";
  return (
    <section aria-labelledby="history-heading" className="border border-border bg-surface p-5 sm:p-6">
      <h3 id="history-heading" className="flex items-center gap-2 text-xl">
        <History className="size-5 text-muted-foreground" aria-hidden="true" />
        History
      </h3>
      {versions.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nothing published from this editor yet.</p>
      ) : (
        <ol className="mt-4 flex flex-col divide-y divide-border" data-testid="version-history">
          {versions.map((version) => (
            <li key={version.id} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="text-sm">
                  <span className="font-medium">Published {formatDateTime(version.publishedAt, timeZone)}</span>
                  <span className="text-muted-foreground">
                    {" "}
                    by {version.publishedBy ?? "a removed user"} ·{" "}
                    {`${version.changes.length} ${def ? "field" : "change"}${version.changes.length === 1 ? "" : "s"}`}
                    {def ? " changed" : ""}
                  </span>
                </p>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="version" value={version.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={restoring}>
                    Restore
                    <span className="sr-only">
                      {" "}
                      the version published {formatDateTime(version.publishedAt, timeZone)}
                    </span>
                  </Button>
                </fetcher.Form>
              </div>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">What changed</summary>
                <dl className="mt-3 flex flex-col gap-3">
                  {version.changes.map((change) => (
                    <ChangeRow key={change.key} change={change} long={isLongChange(fields.get(change.key), change)} />
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const shown = (value: string) => (value === "" ? "(empty)" : value);

function ChangeRow({ change, long }: { change: FieldChange; long: boolean }) {
  return (
    <div>
      <dt className="font-medium">{change.label}</dt>
      <dd className="mt-1 break-words whitespace-pre-wrap text-muted-foreground">
        {long ? (
          textDiff(change.from, change.to).map((part, i) =>
            part.kind === "same" ? (
              <span key={i}>{part.text}</span>
            ) : part.kind === "removed" ? (
              <del key={i} className="bg-danger/10 text-foreground">
                {part.text}
              </del>
            ) : (
              <ins key={i} className="bg-success/15 text-foreground no-underline">
                {part.text}
              </ins>
            ),
          )
        ) : (
          <>
            <del className="text-foreground/80">{shown(change.from)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <ins className="text-foreground no-underline">{shown(change.to)}</ins>
          </>
        )}
      </dd>
    </div>
  );
}
