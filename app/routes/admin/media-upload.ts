import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, parseLibraryQuery } from "~/lib/media";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { addImage, listImagesPage, mediaRoots } from "~/server/media/library.server";
import { UploadError } from "~/server/media/upload.server";
import type { Route } from "./+types/media-upload";

/** Room for the multipart boundaries and headers around one file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The admin's JSON endpoint for images, called from scripts (XMLHttpRequest with progress):
 * a redirect to the login page would be useless there, so a lost session answers 401.
 */
async function staffOr401(args: Route.LoaderArgs | Route.ActionArgs) {
  try {
    return { user: await requireStaff(args) };
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return {
        denied: Response.json({ ok: false, error: "Your session has ended. Please sign in again." }, { status: 401 }),
      };
    }
    throw error;
  }
}

/** GET /admin/media/upload?list=1&q=&page=: a page of the library, for the image fields' "Choose from library". */
export async function loader(args: Route.LoaderArgs) {
  const { denied } = await staffOr401(args);
  if (denied) return denied;
  const { db } = args.context.get(servicesContext);
  const query = parseLibraryQuery(new URL(args.request.url).searchParams);
  return Response.json(await listImagesPage(db, query), { headers: { "Cache-Control": "no-store" } });
}

/** POST one image as multipart field "file": validated, cleaned, stored, recorded. */
export async function action(args: Route.ActionArgs) {
  const { user, denied } = await staffOr401(args);
  if (denied) return denied;
  const { request } = args;
  const fail = (error: string, status: number) => Response.json({ ok: false, error }, { status });
  if (request.method !== "POST") return fail("Use POST to upload.", 405);
  // The app's body limit leaves /admin/ alone: this endpoint holds its own, before reading a byte.
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(length)) return fail("Send the upload with a Content-Length header.", 411);
  if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    return fail(`The file is larger than ${MAX_UPLOAD_LABEL}. Please upload a smaller image.`, 413);
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return fail("The upload could not be read. Please try again.", 400);
  }
  if (!(file instanceof File)) return fail("Choose an image file to upload.", 400);

  const { db, env, logger } = args.context.get(servicesContext);
  try {
    const image = await addImage(
      db,
      mediaRoots(env),
      { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type },
      user.userId,
    );
    await audit(db, { userId: user.userId, email: user.email }, `uploaded image ${image.name}`, "Media Library");
    return Response.json({ ok: true, image }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return fail(error.message, error.status);
    logger.error({ err: String(error) }, "image upload failed");
    return fail("The image could not be saved. Please try again.", 500);
  }
}
