import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { SlideForm } from "~/components/admin/hero-slides/slide-form";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { buttonVariants } from "~/components/ui/button";
import type { ActionReply } from "~/lib/forms/action-reply";
import {
  parseHeroSlideForm,
  valuesFromSlide,
  type HeroSlideFieldErrors,
  type HeroSlideFormValues,
} from "~/lib/hero-slide-form";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { createSlide, getSlide, updateSlide } from "~/server/hero-slides/admin-slides.server";
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

/** The slide being edited, or nothing for a new one; a 404 for an id that names no slide. */
async function slideFromParams(args: Route.LoaderArgs | Route.ActionArgs) {
  const raw = args.params.id;
  if (raw === undefined) return null;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  const slide = await getSlide(args.context.get(servicesContext).db, id);
  if (!slide) throw notFound();
  return slide;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const stored = await slideFromParams(args);
  // A deleted library image: the form offers the default image, and says so.
  const [slide] = stored ? await withDeletedImagesReplaced(db, [stored]) : [];
  return {
    slide: slide ? { id: slide.id, title: slide.title } : null,
    values: valuesFromSlide(slide),
    imageDeleted: Boolean(slide?.imageDeleted),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const { db, logger } = args.context.get(servicesContext);
  const existing = await slideFromParams(args);
  const parsed = parseHeroSlideForm(await readForm(args.request));
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
  } catch (error) {
    logger.error({ err: error }, "saving a hero slide failed");
    return data<SlideFormReply>(
      {
        message: existing ? "Failed to update slide" : "Failed to save changes",
        fieldErrors: {},
        values: parsed.values,
      },
      { status: 500 },
    );
  }
  // Deleted by someone else while this form was open.
  if (!saved) throw notFound();
  const description = existing ? "Slide updated successfully" : "Slide created successfully";
  return redirect("/admin/hero-slides", {
    headers: { "Set-Cookie": flashCookie({ title: "Success", description }, isSecure(args)) },
  });
}

export default function HeroSlideFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slide } = loaderData;
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
          {slide
            ? `Changes to “${slide.title}” show on the home page as soon as you save.`
            : "New slides are added at the end of the carousel."}
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
