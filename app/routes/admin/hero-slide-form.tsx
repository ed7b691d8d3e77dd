import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { SlideForm } from "~/components/admin/hero-slides/slide-form";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { buttonVariants } from "~/components/ui/button";
import { DRAFT_CHANGED } from "~/lib/editors/messages";
import type { ActionReply } from "~/lib/forms/action-reply";
import {
  parseHeroSlideForm,
  valuesFromSlide,
  type HeroSlideFieldErrors,
  type HeroSlideFormValues,
} from "~/lib/hero-slide-form";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { DraftChangedError } from "~/server/content/drafts.server";
import { createSlide, editedSlides, publishSlides, updateSlide } from "~/server/hero-slides/admin-slides.server";
import { SLIDE_MESSAGES } from "~/server/hero-slides/slide-list-actions.server";
import { withDeletedImagesReplaced } from "~/server/hero-slides/hero-slides.server";
import { flashCookie } from "~/server/http/flash.server";
import type { Route } from "./+types/hero-slide-form";
import { readForm } from "~/server/http/read-form.server";

/** /admin/hero-slides/new and /admin/hero-slides/edit/{id}: one editor for every slide field. */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Edit Slide" : "New Slide"} | Admin` },
];

/** A refusal only (a saved slide redirects), so it carries no `ok`. */
export interface SlideFormReply extends Omit<ActionReply, "ok"> {
  message: string;
  fieldErrors: HeroSlideFieldErrors;
  values: HeroSlideFormValues;
}

const notFound = () => data("This slide does not exist, or it was deleted.", { status: 404 });

/**
 * The slide being edited (of the carousel's draft when there is one), or nothing for a new one; a
 * 404 for an id that names no slide. Whether the carousel has a draft.
 */
async function slideFromParams(args: Route.LoaderArgs | Route.ActionArgs) {
  const { slides, draft } = await editedSlides(args.context.get(servicesContext).db);
  const raw = args.params.id;
  if (raw === undefined) return { slide: null, hasDraft: !!draft };
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  const slide = slides.find((s) => s.id === id);
  if (!slide) throw notFound();
  return { slide, hasDraft: !!draft };
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const { slide: stored, hasDraft } = await slideFromParams(args);
  // A deleted library image: the form offers the default image, and says so.
  const [slide] = stored ? await withDeletedImagesReplaced(db, [stored]) : [];
  return {
    slide: slide ? { id: slide.id, title: slide.title } : null,
    values: valuesFromSlide(slide),
    imageDeleted: Boolean(slide?.imageDeleted),
    hasDraft,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const { db, logger } = args.context.get(servicesContext);
  const { slide: existing } = await slideFromParams(args);
  const form = await readForm(args.request);
  // "Save draft" keeps the change in the carousel's draft; the main button publishes the carousel with it.
  const publish = form.get("intent") !== "save";
  const parsed = parseHeroSlideForm(form);
  if (!parsed.success) {
    return data<SlideFormReply>(
      {
        message: "The slide was not saved. Please correct the highlighted fields.",
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
      },
      { status: 400 },
    );
  }
  const actor = { userId: user.userId, email: user.email };
  let saved;
  try {
    saved = existing
      ? await updateSlide(db, existing.id, parsed.data, actor)
      : await createSlide(db, parsed.data, actor);
    if (saved && publish) await publishSlides(db, actor);
  } catch (error) {
    if (!(error instanceof DraftChangedError)) logger.error({ err: error }, "saving a hero slide failed");
    return data<SlideFormReply>(
      {
        message:
          error instanceof DraftChangedError
            ? DRAFT_CHANGED
            : existing
              ? "Failed to update slide"
              : "Failed to save changes",
        fieldErrors: {},
        values: parsed.values,
      },
      { status: 500 },
    );
  }
  // Deleted by someone else while this form was open.
  if (!saved) throw notFound();
  const description = !publish
    ? SLIDE_MESSAGES.draftSaved
    : existing
      ? "Slide updated successfully"
      : "Slide created successfully";
  return redirect("/admin/hero-slides", {
    headers: { "Set-Cookie": flashCookie({ title: "Success", description }, isSecure(args)) },
  });
}

export default function HeroSlideFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slide, hasDraft } = loaderData;
  const reply = actionData as SlideFormReply | undefined;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8" data-hydrated={hydrated || undefined}>
      <div>
        <Link
          to="/admin/hero-slides"
          className="inline-flex items-center gap-2 text-sm text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to slides
        </Link>
        <h2 className="mt-3 text-3xl">{slide ? "Edit slide" : "New slide"}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {slide ? `Editing “${slide.title}”. ` : "New slides are added at the end of the carousel. "}
          {hasDraft
            ? "The carousel has a draft: Save draft adds this change to it, the main button publishes the draft with it."
            : "Save draft keeps the change to preview first; the main button shows it on the home page at once."}
        </p>
      </div>
      <SlideForm
        key={slide?.id ?? "new"}
        values={reply?.values ?? loaderData.values}
        errors={reply?.fieldErrors ?? {}}
        message={reply?.message}
        imageDeleted={!reply && loaderData.imageDeleted}
        submitLabel={slide ? "Save changes" : "Create slide"}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 border border-border bg-surface p-8 sm:p-10">
      <p className="text-xs font-medium tracking-[0.2em] text-accent-strong uppercase">
        {missing ? "Error 404" : "Something went wrong"}
      </p>
      <h2 className="text-3xl">{missing ? "Slide not found" : "This slide could not be opened"}</h2>
      <p className="text-sm text-muted-foreground">
        {missing ? "This slide does not exist, or it was deleted." : "Please try again in a moment."}
      </p>
      <Link to="/admin/hero-slides" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to slides
      </Link>
    </div>
  );
}
