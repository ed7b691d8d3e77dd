import { TriangleAlert } from "lucide-react";
import { DELETED_IMAGE_NOTICE, UNREADABLE_VALUE_NOTICE, type ContentIssues } from "~/lib/content-issues";
import { editorFields, type EditorDef } from "~/lib/editors";

/** The fields of an editor that show their default because their saved value cannot be shown. */
export function ContentIssuesNotice({ def, issues }: { def: EditorDef; issues?: ContentIssues }) {
  if (!issues) return null;
  const fields = editorFields(def);
  const panelLabel = (key: string) =>
    def.panels.find((p) =>
      p.blocks.some((b) => b.kind === "fields" && b.group.fields.some((f) => f.key === key || f.altKey === key)),
    )?.label;
  const entries = [
    ...issues.unreadable.map((key) => ({ key, text: UNREADABLE_VALUE_NOTICE })),
    ...issues.missingImages.map((key) => ({ key, text: DELETED_IMAGE_NOTICE })),
  ];
  if (!entries.length) return null;
  return (
    <section
      aria-labelledby={`${def.page}-issues-heading`}
      data-testid="content-issues"
      className="flex items-start gap-3 border border-accent/60 bg-accent-soft/40 p-4 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <h3 id={`${def.page}-issues-heading`} className="font-sans text-sm font-medium">
          {entries.length === 1 ? "A field shows its default" : `${entries.length} fields show their default`}
        </h3>
        <ul className="flex flex-col gap-1.5">
          {entries.map(({ key, text }) => {
            const label = fields.find((f) => f.key === key)?.label ?? key;
            const panel = panelLabel(key);
            return (
              <li key={`${key}:${text}`}>
                <span className="font-medium">{panel && panel !== label ? `${panel} › ${label}` : label}:</span> {text}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
