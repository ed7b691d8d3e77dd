import { z } from "zod";
import type { SlideListReply } from "~/lib/hero-slides";
import type { SessionUser } from "../auth/session.server";
import type { AppServices } from "../app-services";
import { DRAFT_CHANGED, NO_DRAFT, NO_VERSION, VERSION_RESTORED } from "~/lib/editors/messages";
import { DraftChangedError } from "../content/drafts.server";
import {
  deleteSlide,
  discardSlidesDraft,
  publishSlides,
  reorderSlides,
  restoreSlidesVersion,
  setSlideActive,
} from "./admin-slides.server";

export const SLIDE_MESSAGES = {
  activated: "Slide activated",
  deactivated: "Slide deactivated",
  updateFailed: "Failed to update slide",
  deleted: "Slide deleted successfully",
  deleteFailed: "Failed to delete slide",
  reordered: "Slide order saved",
  published: "Slides published: the home page shows them now.",
  discarded: "Draft discarded. The list shows the published slides again.",
  draftSaved: "Draft saved. Visitors see the published slides until you publish.",
} as const;

const slideId = z.coerce.number<string>().int().positive();
const positiveId = z.number().int().positive();

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: slideId, active: z.enum(["0", "1"]) }),
  z.object({ intent: z.literal("delete"), id: slideId }),
  z.object({ intent: z.literal("publish-draft") }),
  z.object({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("restore"), version: slideId }),
  z.object({
    intent: z.literal("reorder"),
    // "3,1,2": the ids of the slides in their new order.
    ids: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .transform((value) => value.split(",").map(Number))
      .pipe(z.array(positiveId).min(1).max(500)),
  }),
]);

/**
 * Hide/Show, delete and reorder on /admin/hero-slides (each a change of the carousel's draft), and
 * the draft's Publish and Discard and a version's Restore. Admins and editors alike.
 */
export async function handleSlideListAction(
  services: Pick<AppServices, "db" | "logger">,
  user: SessionUser,
  form: FormData,
): Promise<{ status: number; reply: SlideListReply }> {
  const { db, logger } = services;
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  const intent = String(form.get("intent") ?? "");
  const failure = intent === "delete" ? SLIDE_MESSAGES.deleteFailed : SLIDE_MESSAGES.updateFailed;
  if (!parsed.success) {
    const message = intent === "restore" ? NO_VERSION : failure;
    return { status: 400, reply: { intent, ok: false, message } };
  }
  const actor = { userId: user.userId, email: user.email };
  const request = parsed.data;
  try {
    switch (request.intent) {
      case "toggle": {
        const active = request.active === "1";
        const slide = await setSlideActive(db, request.id, active, actor);
        if (!slide) return { status: 404, reply: { intent, ok: false, message: failure } };
        return {
          status: 200,
          reply: { intent, ok: true, message: active ? SLIDE_MESSAGES.activated : SLIDE_MESSAGES.deactivated },
        };
      }
      case "delete": {
        if (!(await deleteSlide(db, request.id, actor)))
          return { status: 404, reply: { intent, ok: false, message: failure } };
        return { status: 200, reply: { intent, ok: true, message: SLIDE_MESSAGES.deleted } };
      }
      case "reorder": {
        await reorderSlides(db, request.ids, actor);
        return { status: 200, reply: { intent, ok: true, message: SLIDE_MESSAGES.reordered } };
      }
      case "publish-draft": {
        if (!(await publishSlides(db, actor))) return { status: 409, reply: { intent, ok: false, message: NO_DRAFT } };
        return { status: 200, reply: { intent, ok: true, message: SLIDE_MESSAGES.published } };
      }
      case "discard": {
        if (!(await discardSlidesDraft(db, actor)))
          return { status: 409, reply: { intent, ok: false, message: NO_DRAFT } };
        return { status: 200, reply: { intent, ok: true, message: SLIDE_MESSAGES.discarded } };
      }
      case "restore": {
        if (!(await restoreSlidesVersion(db, request.version, actor)))
          return { status: 404, reply: { intent, ok: false, message: NO_VERSION } };
        return { status: 200, reply: { intent, ok: true, message: VERSION_RESTORED } };
      }
    }
  } catch (error) {
    if (error instanceof DraftChangedError)
      return { status: 409, reply: { intent, ok: false, message: DRAFT_CHANGED } };
    logger.error({ err: error, intent }, "hero slide change failed");
    return { status: 500, reply: { intent, ok: false, message: failure } };
  }
}
