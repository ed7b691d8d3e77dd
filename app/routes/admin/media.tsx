import { ImageOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useFetcher, useRevalidator } from "react-router";
import { MediaCard, type MediaReply } from "~/components/admin/media/media-card";
import { ImageDropzone } from "~/components/admin/media/dropzone";
import { UploadProgressList } from "~/components/admin/media/upload-progress";
import { SearchInput } from "~/components/admin/search-input";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { useUploads } from "~/components/admin/media/use-uploads";
import { showToast } from "~/components/admin/toaster";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { MAX_UPLOAD_LABEL, parseLibraryQuery } from "~/lib/media";
import { MAX_SEARCH_LENGTH } from "~/lib/submissions";
import { MediaAltSchema } from "~/lib/media-alt";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import {
  deleteImage,
  getImage,
  imageUsages,
  inUseMessage,
  libraryTotals,
  listImagesPage,
  mediaRoots,
  updateAlt,
} from "~/server/media/library.server";
import type { Route } from "./+types/media";
import { readForm } from "~/server/http/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Media Library | Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { db } = args.context.get(servicesContext);
  const query = parseLibraryQuery(new URL(args.request.url).searchParams);
  const [{ images, total, page, pageCount }, library] = await Promise.all([
    listImagesPage(db, query),
    libraryTotals(db),
  ]);
  const usages = await imageUsages(
    db,
    images.map((i) => i.url),
  );
  return {
    q: query.q,
    images: images.map((image) => ({ ...image, usages: usages.get(image.url) ?? [] })),
    total,
    page,
    pageCount,
    library,
  };
}

/** The library's address with a search and a page ("" parts left out). */
function libraryHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/media?${search}` : "/admin/media";
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const { db, env } = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const reply = (status: number, body: MediaReply) => data(body, { status });
  if (!Number.isInteger(id) || id <= 0) return reply(400, { ok: false, intent, message: "Unknown image." });
  const actor = { userId: user.userId, email: user.email };

  if (intent === "alt") {
    const parsed = MediaAltSchema.safeParse({ alt: String(form.get("alt") ?? "") });
    if (!parsed.success) return reply(400, { ok: false, intent, id, message: parsed.error.issues[0].message });
    const { alt } = parsed.data;
    const image = await getImage(db, id);
    if (!image || !(await updateAlt(db, id, alt)))
      return reply(404, { ok: false, intent, id, message: "That image no longer exists." });
    await audit(db, actor, `changed the alt text of image ${image.name}`, "Media Library");
    return reply(200, { ok: true, intent, id, message: "Alt text saved" });
  }
  if (intent === "delete") {
    const result = await deleteImage(db, mediaRoots(env), id);
    if (result.status === "missing")
      return reply(404, { ok: false, intent, id, message: "That image no longer exists." });
    if (result.status === "in-use") return reply(409, { ok: false, intent, id, message: inUseMessage(result.usages) });
    await audit(db, actor, `deleted image ${result.image.name}`, "Media Library");
    return reply(200, { ok: true, intent, id, message: `${result.image.name} deleted` });
  }
  return reply(400, { ok: false, intent, message: "Unknown action." });
}

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { q, images, total, page, pageCount, library } = loaderData;
  const revalidator = useRevalidator();
  const deleteFetcher = useFetcher<MediaReply>({ key: "media-delete" });
  useReplyToast(deleteFetcher.data);
  const deletingId = deleteFetcher.state !== "idle" ? Number(deleteFetcher.formData?.get("id")) : null;
  const { items, upload, dismiss, busy } = useUploads({
    onSettled: (results) => {
      const done = results.filter((r) => r.status === "done").length;
      const failed = results.length - done;
      if (done)
        showToast({ title: "Success", description: done === 1 ? "1 image uploaded" : `${done} images uploaded` });
      if (failed) {
        showToast({
          title: "Error",
          description: failed === 1 ? "1 image could not be uploaded" : `${failed} images could not be uploaded`,
          variant: "destructive",
        });
      }
    },
    onUploaded: () => void revalidator.revalidate(),
  });
  // Finished uploads stay listed briefly, then the grid holds them.
  const timers = useRef(new Map<string, number>());
  useEffect(() => {
    for (const item of items) {
      if (item.status === "done" && !timers.current.has(item.key)) {
        timers.current.set(
          item.key,
          window.setTimeout(() => dismiss(item.key), 4000),
        );
      }
    }
  }, [items, dismiss]);
  useEffect(() => {
    const current = timers.current;
    return () => current.forEach((t) => window.clearTimeout(t));
  }, []);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <section className="flex flex-col gap-4" aria-labelledby="media-upload-heading">
        <div>
          <h2 id="media-upload-heading" className="text-2xl">
            Upload images
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Photos are cleaned of camera and location data and served in modern formats in every size the site needs.
          </p>
        </div>
        <ImageDropzone
          multiple
          onFiles={(files) => void upload(files)}
          title="Choose images"
          inputLabel="Choose images to upload"
          hint={`JPEG, PNG, WebP, AVIF or GIF, up to ${MAX_UPLOAD_LABEL} each. Several at once are fine.`}
        />
        <UploadProgressList items={items} onDismiss={dismiss} />
        <p className="sr-only" role="status">
          {busy ? "Uploading..." : ""}
        </p>
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="media-grid-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="media-grid-heading" className="text-2xl">
            Library
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="media-count">
            {imageCount(library.count)}
            {library.count ? ` · ${formatTotal(library.bytes)}` : ""}
          </p>
        </div>
        {library.count ? (
          <Form method="get" role="search" aria-label="Search images" className="flex items-end gap-3">
            <div className="flex flex-1 flex-col gap-1.5">
              <label
                htmlFor="media-q"
                className="text-xs font-medium tracking-[0.12em] text-muted-foreground uppercase"
              >
                Search images
              </label>
              <SearchInput
                id="media-q"
                name="q"
                defaultValue={q}
                key={q}
                maxLength={MAX_SEARCH_LENGTH}
                placeholder="File name or alt text"
              />
            </div>
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Form>
        ) : null}
        {q ? (
          <p className="text-sm text-muted-foreground" role="status" data-testid="media-matches">
            {`${imageCount(total)} matching “${q}”`}
          </p>
        ) : null}
        {q && images.length === 0 ? (
          <div className="flex flex-col items-center gap-3 border border-dashed border-border bg-surface px-6 py-12 text-center">
            <p className="font-display text-xl">No images match this search</p>
            <Link to="/admin/media" className="text-sm text-accent underline underline-offset-4">
              Show every image
            </Link>
          </div>
        ) : images.length === 0 ? (
          <div className="flex flex-col items-center gap-3 border border-border bg-surface px-6 py-16 text-center">
            <ImageOff className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-display text-xl">No images yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Upload photos above; they can then be chosen in every page editor and hero slide.
            </p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Images">
            {images.map((image) => (
              <MediaCard
                key={image.id}
                image={image}
                deleting={deletingId === image.id}
                onDelete={(target) =>
                  void deleteFetcher.submit({ intent: "delete", id: String(target.id) }, { method: "post" })
                }
              />
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} href={(p) => libraryHref(q, p)} />
      </section>
    </div>
  );
}

const imageCount = (n: number) => (n === 1 ? "1 image" : `${n.toLocaleString("en-US")} images`);

function formatTotal(bytes: number) {
  return bytes < 1024 * 1024
    ? `${Math.round(bytes / 1024)} KB in total`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB in total`;
}
