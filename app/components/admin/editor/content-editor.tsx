import { ArrowLeft, ExternalLink, LoaderCircle, SlidersHorizontal, TriangleAlert } from "lucide-react";
import { Tabs } from "radix-ui";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "~/components/admin/toaster";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  editorFields,
  panelOf,
  type EditorData,
  type EditorDef,
  type EditorPanel,
  type EditorReply,
  type PanelBlock,
} from "~/lib/editors";
import { LOAD_ERROR } from "~/lib/editors/messages";
import { cn } from "~/lib/utils";
import { ContentIssuesNotice } from "~/components/admin/content-issues-notice";
import { DraftNotice } from "./draft-notice";
import { EditorField } from "./field";
import { SeoPreview } from "./seo-preview";
import { VersionHistory } from "./version-history";
import { UnsavedChangesPrompt, useFormDirty } from "./unsaved-changes";
import { useHydrated } from "./use-hydrated";

/** A save names what was saved (the home page one toast per section); a reset or a refusal its message. */
function editorMessages(reply: EditorReply): string[] {
  if (!reply.ok) return [reply.message];
  return reply.intent === "reset" ? [reply.message] : reply.messages;
}

export interface ContentEditorProps {
  def: EditorDef;
  data: EditorData;
  /** The home editor's Hero Slides tab. */
  heroSlides?: { total: number; active: number };
}

/**
 * The one editor every content page uses: its panels (tabs or stacked sections) come from the
 * page's definition in app/lib/editors. Every panel stays in the form, so a save sends every key.
 */
export function ContentEditor({ def, data, heroSlides }: ContentEditorProps) {
  const fetcher = useFetcher<EditorReply>({ key: `editor:${def.page}` });
  const formRef = useRef<HTMLFormElement>(null);
  const [panel, setPanel] = useState(def.panels[0].id);
  const [formVersion, setFormVersion] = useState(0);
  const [fieldVersions, setFieldVersions] = useState<Record<string, number>>({});
  const [handled, setHandled] = useState<EditorReply | undefined>(undefined);
  const hydrated = useHydrated();

  const fields = useMemo(() => editorFields(def), [def]);
  const listFields = useMemo(() => fields.filter((f) => f.kind === "options"), [fields]);
  const { dirty } = useFormDirty(formRef, data.values, listFields, formVersion);

  const pendingIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : "";
  const saving = pendingIntent === "save" || pendingIntent === "publish" || pendingIntent === "publish-draft";
  const resetting = pendingIntent.startsWith("reset:");
  const reply = fetcher.data;
  const fieldErrors =
    reply && !reply.ok && (reply.intent === "save" || reply.intent === "publish") ? (reply.fieldErrors ?? {}) : {};

  useEffect(() => {
    if (data.loadFailed && def.toastLoadError) showToast({ ...LOAD_ERROR, variant: "destructive" });
  }, [data.loadFailed, def.toastLoadError]);

  // A reply changes what the form shows (adjusted while rendering, not in an effect) …
  if (fetcher.state === "idle" && reply && reply !== handled) {
    setHandled(reply);
    if (!reply.ok) {
      const first = Object.keys(reply.fieldErrors ?? {})[0];
      const target = first ? panelOf(def, first) : undefined;
      if (target) setPanel(target);
    } else if (reply.intent === "reset") {
      setFieldVersions((v) => ({ ...v, [reply.key]: (v[reply.key] ?? 0) + 1 }));
    } else {
      // The saved (trimmed, sanitized) values, the published ones or a restored version become the form's values.
      setFormVersion((v) => v + 1);
    }
  }

  // … and is announced once, with the editor's toasts (docs/product.md, Pages and editors).
  const focusFirstError = useCallback((answer: EditorReply) => {
    const first = answer.ok ? undefined : Object.keys(answer.fieldErrors ?? {})[0];
    if (!first) return;
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>(
          `[data-field="${CSS.escape(first)}"] [aria-invalid], [data-field="${CSS.escape(first)}"] input`,
        )
        ?.focus(),
    );
  }, []);
  useReplyToast(fetcher.state === "idle" ? reply : undefined, { messages: editorMessages, onReply: focusFirstError });

  const reset = (key: string) => fetcher.submit({ intent: `reset:${key}` }, { method: "post" });

  const stateOf = (key: string) => ({
    value: data.values[key] ?? "",
    overridden: data.overridden.includes(key),
    errors: fieldErrors[key],
  });

  const renderBlock = (block: PanelBlock, index: number) => {
    if (block.kind === "hero-slides") return <HeroSlidesBlock key={index} counts={heroSlides} />;
    if (block.kind === "seo-preview") return <SeoPreview key={index} def={def} data={data} />;
    if (block.kind === "link") {
      return (
        <section
          key={index}
          className="border border-border bg-surface p-6"
          aria-labelledby={`${def.page}-link-${index}`}
        >
          <h3 id={`${def.page}-link-${index}`} className="text-xl">
            {block.title}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">{block.text}</p>
          <Link to={block.to} className={buttonVariants({ variant: "outline", size: "sm", className: "mt-5" })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {block.label}
          </Link>
        </section>
      );
    }
    const { group } = block;
    const headingId = `${def.page}-${group.title.replace(/\W+/g, "-").toLowerCase()}`;
    return (
      <section key={index} className="border border-border bg-surface p-5 sm:p-6" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-xl">
          {group.title}
        </h3>
        {group.description ? <p className="mt-1 text-sm text-muted-foreground">{group.description}</p> : null}
        <div className="mt-6 grid grid-cols-1 gap-x-5 gap-y-6 sm:grid-cols-2">
          {group.fields.map((field) => (
            <EditorField
              key={`${field.key}:${fieldVersions[field.key] ?? 0}:${field.altKey ? (fieldVersions[field.altKey] ?? 0) : ""}`}
              field={field}
              state={stateOf(field.key)}
              alt={field.altKey ? stateOf(field.altKey) : undefined}
              onReset={reset}
              resetting={resetting}
            />
          ))}
        </div>
      </section>
    );
  };

  const panelBody = (p: EditorPanel) => <div className="flex flex-col gap-6">{p.blocks.map(renderBlock)}</div>;
  const errorPanels = new Set(Object.keys(fieldErrors).map((k) => panelOf(def, k)));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6" data-hydrated={hydrated || undefined}>
      <UnsavedChangesPrompt when={dirty && !saving} />
      <div className="flex flex-col gap-4">
        <Link
          to="/admin/pages"
          className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Pages
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-3xl">{def.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{def.description}</p>
          </div>
          <a
            href={def.publicPath}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>

      {data.loadFailed ? (
        <p role="alert" className="flex items-start gap-3 border border-danger/40 bg-danger/5 p-4 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          The current content could not be loaded, so saving is turned off. Reload the page to try again.
        </p>
      ) : null}
      <ContentIssuesNotice def={def} issues={data.issues} />
      {data.draft ? <DraftNotice draft={data.draft} timeZone={data.timeZone} fetcher={fetcher} /> : null}

      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        aria-busy={fetcher.state !== "idle"}
        aria-label={def.title}
        className="flex flex-col gap-6"
      >
        <input type="hidden" name="panel" value={panel} />
        <Fragment key={formVersion}>
          {def.layout === "tabs" ? (
            <Tabs.Root value={panel} onValueChange={setPanel} className="flex flex-col gap-6">
              <Tabs.List
                aria-label={`${def.title} sections`}
                className="-mx-4 flex overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
              >
                {def.panels.map((p) => (
                  <Tabs.Trigger
                    key={p.id}
                    value={p.id}
                    className={cn(
                      "relative -mb-px shrink-0 border-b-2 border-transparent px-4 py-3 text-sm whitespace-nowrap text-muted-foreground transition-colors",
                      "hover:text-foreground data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-foreground",
                    )}
                  >
                    {p.label}
                    {errorPanels.has(p.id) ? (
                      <>
                        <span
                          aria-hidden="true"
                          className="ml-1.5 inline-block size-1.5 rounded-full bg-danger align-middle"
                        />
                        <span className="sr-only"> (has errors)</span>
                      </>
                    ) : null}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {def.panels.map((p) => (
                <Tabs.Content key={p.id} value={p.id} forceMount className="data-[state=inactive]:hidden">
                  {panelBody(p)}
                </Tabs.Content>
              ))}
            </Tabs.Root>
          ) : (
            def.panels.map((p) => <Fragment key={p.id}>{panelBody(p)}</Fragment>)
          )}
        </Fragment>

        <div className="sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-4 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {pendingIntent === "publish"
              ? "Publishing your changes…"
              : saving
                ? "Saving your draft…"
                : dirty
                  ? "You have unsaved changes"
                  : data.draft
                    ? "Draft — not published"
                    : "All changes saved"}
          </p>
          <div className="flex shrink-0 gap-2">
            <Button type="submit" name="intent" value="save" variant="outline" disabled={saving || data.loadFailed}>
              {pendingIntent === "save" ? "Saving…" : "Save draft"}
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={saving || data.loadFailed}>
              {pendingIntent === "publish" ? (
                <>
                  <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                  Publishing…
                </>
              ) : (
                "Publish"
              )}
            </Button>
          </div>
        </div>
      </fetcher.Form>
      <VersionHistory def={def} versions={data.versions} timeZone={data.timeZone} fetcher={fetcher} />
    </div>
  );
}

function HeroSlidesBlock({ counts }: { counts?: { total: number; active: number } }) {
  const total = counts?.total ?? 0;
  return (
    <section
      className="flex flex-col gap-5 border border-border bg-surface p-6 sm:flex-row sm:items-center"
      aria-labelledby="hero-slides-heading"
      data-testid="hero-slides-card"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        <SlidersHorizontal className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1">
        <h3 id="hero-slides-heading" className="text-xl">
          Hero Slides
        </h3>
        <p className="mt-1 text-sm">
          The hero at the top of the home page is made of slides: their headings, texts, buttons and pictures are edited
          slide by slide.
        </p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="hero-slide-count">
          {total} slide{total === 1 ? "" : "s"}
          {counts ? ` (${counts.active} active)` : ""} in the home page carousel.
        </p>
      </div>
      <Link to="/admin/hero-slides" className={buttonVariants({ size: "sm" })}>
        Edit hero slides
      </Link>
    </section>
  );
}

export function EditorNotFound({ pathname }: { pathname: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <h2 className="text-3xl">Page not found</h2>
      <p className="mt-3 text-sm text-muted-foreground">
        There is no editor at <span className="font-medium break-all text-foreground">{pathname}</span>.
      </p>
      <Link to="/admin/pages" className={buttonVariants({ className: "mt-8" })}>
        Back to Pages
      </Link>
    </section>
  );
}
