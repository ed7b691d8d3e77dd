import { ArrowLeft, ImagePlus, Plus, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { data, Link, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { DraftNotice } from "~/components/admin/editor/draft-notice";
import { VersionHistory } from "~/components/admin/editor/version-history";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { SlideGrid } from "~/components/admin/hero-slides/slide-grid";
import { showToast } from "~/components/admin/toaster";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { HERO_SLIDES_DRAFT } from "~/lib/content-rules";
import { DEFAULT_TIME_ZONE } from "~/lib/dates";
import type { SlideListReply } from "~/lib/hero-slides";
import { previewToken } from "~/server/content/preview-link.server";
import { editedSlides, listSlideVersions } from "~/server/hero-slides/admin-slides.server";
import { withDeletedImagesReplaced } from "~/server/hero-slides/hero-slides.server";
import { handleSlideListAction } from "~/server/hero-slides/slide-list-actions.server";
import type { Route } from "./+types/hero-slides";
import { readForm } from "~/server/http/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Hero Slides | Admin" }];

const LOAD_FAILED = "Failed to load hero slides";

/** The slides as edited (the draft's, else the published ones), the draft's notice and the history. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db, logger, content, env } = args.context.get(servicesContext);
  try {
    const [{ slides, draft }, versions, { timeZone }] = await Promise.all([
      editedSlides(db),
      listSlideVersions(db),
      content.getSettings(),
    ]);
    return {
      slides: await withDeletedImagesReplaced(db, slides),
      loadFailed: false,
      draft: draft
        ? {
            savedAt: draft.updatedAt,
            savedBy: draft.updatedByEmail,
            previewPath: `/?preview=${previewToken(env.sessionSecret, HERO_SLIDES_DRAFT, draft.key)}`,
          }
        : null,
      versions,
      timeZone,
    };
  } catch (error) {
    logger.error({ err: error }, "loading hero slides failed");
    return data(
      { slides: [], loadFailed: true, draft: null, versions: [], timeZone: DEFAULT_TIME_ZONE },
      { status: 500 },
    );
  }
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const { status, reply } = await handleSlideListAction(
    args.context.get(servicesContext),
    user,
    await readForm(args.request),
  );
  return data(reply, { status });
}

/** A refused change (the slide was deleted elsewhere, say) reloads the list too: it shows what is stored. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined || defaultShouldRevalidate;
}

/** The hero slides of the home page, in carousel order (docs/product.md, Hero slides). */
export default function HeroSlides({ loaderData }: Route.ComponentProps) {
  const { slides, loadFailed, draft, versions, timeZone } = loaderData;
  const hydrated = useHydrated();
  const drafts = useFetcher<SlideListReply>({ key: "hero-slides-draft" });
  useReplyToast(drafts.data);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (loadFailed) showToast({ title: "Error", description: LOAD_FAILED, variant: "destructive" });
  }, [loadFailed]);
  // The deleted card took the focus with it: continue from the top of the list.
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  const activeCount = slides.filter((s) => s.isActive).length;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Link
            to="/admin/dashboard"
            className="inline-flex items-center gap-2 text-sm text-muted-foreground transition-colors hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </Link>
          <h2 ref={headingRef} tabIndex={-1} className="mt-3 text-3xl focus:outline-none">
            Home page carousel
          </h2>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">
            {slides.length
              ? `${activeCount} of ${slides.length} slide${slides.length === 1 ? "" : "s"} shown on the home page${draft ? " once the draft is published" : ""}. Drag a card, or use its arrows, to change the order.`
              : "The slides at the top of the home page."}
          </p>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">
            Changes here make a draft of the carousel: preview it, then publish it.
          </p>
        </div>
        <Link to="/admin/hero-slides/new" className={cn(buttonVariants(), "self-start sm:self-auto")}>
          <Plus className="size-4" aria-hidden="true" />
          Add Slide
        </Link>
      </div>

      {draft ? <DraftNotice draft={draft} timeZone={timeZone} fetcher={drafts} what="slides" /> : null}

      {loadFailed ? (
        <div role="alert" className="flex flex-col items-start gap-4 border border-danger/40 bg-surface p-8">
          <p className="font-medium">{LOAD_FAILED}</p>
          <p className="text-sm text-muted-foreground">
            The slides could not be read just now. Your slides are not lost; try again in a moment.
          </p>
          <a href="/admin/hero-slides" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </a>
        </div>
      ) : slides.length === 0 ? (
        <div className="flex flex-col items-center border border-dashed border-foreground/25 bg-surface px-6 py-16 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent-strong">
            <ImagePlus className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-2xl">No slides yet</h3>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">
            The home page shows its carousel once there is at least one active slide.
          </p>
          <Link to="/admin/hero-slides/new" className={cn(buttonVariants(), "mt-8")}>
            <Plus className="size-4" aria-hidden="true" />
            Create First Slide
          </Link>
        </div>
      ) : (
        <SlideGrid slides={slides} onDeleted={focusHeading} />
      )}
      {loadFailed ? null : <VersionHistory versions={versions} timeZone={timeZone} fetcher={drafts} />}
    </div>
  );
}
