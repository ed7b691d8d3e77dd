import { Copy, Link2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "~/components/admin/toaster";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button } from "~/components/ui/button";
import { ConfirmDescription, ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { IntentReply } from "~/lib/forms/action-reply";
import { formRules } from "~/lib/forms/field-rules";
import { formatBytes, type ImageUsage, type LibraryImage } from "~/lib/media";
import { MediaAltSchema } from "~/lib/media-alt";
import { thumbnailUrl } from "./thumbnail";

export interface MediaReply extends IntentReply {
  id?: number;
}

const ALT = formRules(MediaAltSchema).alt;

const FORMAT_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/avif": "AVIF",
};

/** One library image: preview, facts, alt text, copy URL, delete (refused, with the places, while it is used). */
export function MediaCard({
  image,
  deleting,
  onDelete,
}: {
  image: LibraryImage & { usages: ImageUsage[] };
  deleting: boolean;
  /** The page submits the delete: its toast must outlive this card. */
  onDelete: (image: LibraryImage) => void;
}) {
  const id = useId();
  const altFetcher = useFetcher<MediaReply>({ key: `media-alt-${image.id}` });
  const [confirming, setConfirming] = useState(false);
  useReplyToast(altFetcher.data);
  const savingAlt = altFetcher.state !== "idle";
  const used = image.usages.length;

  async function copyUrl() {
    try {
      await navigator.clipboard.writeText(image.url);
      showToast({ title: "URL copied", description: image.url });
    } catch {
      const input = document.getElementById(`${id}-url`) as HTMLInputElement | null;
      input?.select();
      showToast({
        title: "Error",
        description: "Copying is blocked here: the URL is selected, press Ctrl+C to copy it.",
        variant: "destructive",
      });
    }
  }

  return (
    <li
      className="flex flex-col border border-border bg-surface"
      data-testid="media-card"
      data-image-url={image.url}
      aria-labelledby={`${id}-name`}
      aria-busy={deleting || undefined}
    >
      <a
        href={image.url}
        target="_blank"
        rel="noreferrer"
        className="group block aspect-[4/3] overflow-hidden bg-surface-muted"
      >
        <img
          src={thumbnailUrl(image.url)}
          alt={image.alt ? image.alt : `Preview of ${image.name}`}
          loading="lazy"
          width={image.width}
          height={image.height}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <span className="sr-only"> (opens the original in a new tab)</span>
      </a>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`${id}-name`} className="min-w-0 truncate font-sans text-sm font-medium" title={image.name}>
            {image.name}
          </h3>
          <span
            className={
              used
                ? "shrink-0 bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-foreground"
                : "shrink-0 border border-border px-2 py-0.5 text-[11px] text-muted-foreground"
            }
          >
            {used ? `Used in ${used} ${used === 1 ? "place" : "places"}` : "Not used"}
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">Dimensions</dt>
            <dd data-testid="media-dimensions">
              {image.width} × {image.height} px
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">File size</dt>
            <dd data-testid="media-size">{formatBytes(image.sizeBytes)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Format</dt>
            <dd>{FORMAT_NAMES[image.mimeType] ?? image.mimeType}</dd>
          </div>
          {image.builtin ? (
            <div className="flex gap-1">
              <dt className="sr-only">Source</dt>
              <dd>Site photo</dd>
            </div>
          ) : null}
        </dl>

        <altFetcher.Form method="post" className="flex flex-col gap-1.5">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={image.id} />
          <label htmlFor={`${id}-alt`} className="text-xs font-medium">
            Alt text
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-alt`}
              name="alt"
              defaultValue={image.alt}
              maxLength={ALT.maxLength}
              placeholder="Describe the image"
              className="h-9 min-w-0 flex-1 border border-border bg-background px-2.5 text-sm focus-visible:border-foreground"
            />
            <button
              type="submit"
              disabled={savingAlt}
              aria-label={`Save alt text of ${image.name}`}
              className="h-9 shrink-0 border border-foreground/25 px-3 text-xs font-medium tracking-[0.12em] uppercase hover:border-foreground disabled:opacity-60"
            >
              {savingAlt ? "Saving..." : "Save"}
            </button>
          </div>
        </altFetcher.Form>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className="text-xs font-medium">
            URL
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-url`}
              readOnly
              value={image.url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 min-w-0 flex-1 border border-border bg-surface-muted px-2.5 font-mono text-xs text-muted-foreground"
            />
            <button
              type="button"
              onClick={() => void copyUrl()}
              aria-label={`Copy URL of ${image.name}`}
              className="inline-flex h-9 shrink-0 items-center gap-1.5 border border-foreground/25 px-3 text-xs font-medium tracking-[0.12em] uppercase hover:border-foreground"
            >
              <Copy className="size-3.5" aria-hidden="true" />
              Copy
            </button>
          </div>
        </div>

        <div className="mt-auto flex justify-end border-t border-border pt-3">
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={deleting}
            aria-label={`Delete ${image.name}`}
            className="inline-flex h-9 items-center gap-1.5 px-2 text-xs font-medium tracking-[0.12em] text-danger uppercase hover:bg-danger/10 disabled:opacity-60"
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      </div>

      {used ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`${image.name} is in use`}
          cancelLabel="Close"
        >
          <ConfirmDescription asChild>
            <div className="flex flex-col gap-3 text-foreground">
              <p className="font-medium text-danger" data-testid="usage-warning">
                This image is used on:
              </p>
              <ul className="flex flex-col gap-1.5" aria-label="Where the image is used">
                {image.usages.map((usage, index) => (
                  <li key={index} className="flex items-center gap-2">
                    <Link2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <Link
                      to={usage.href}
                      className="underline decoration-accent/60 underline-offset-4 hover:decoration-accent"
                    >
                      {usage.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="text-muted-foreground">
                Choose another image in those places first; then it can be deleted.
              </p>
            </div>
          </ConfirmDescription>
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${image.name}?`}
          confirm={
            <Button
              variant="destructive"
              disabled={deleting}
              onClick={() => {
                onDelete(image);
                setConfirming(false);
              }}
            >
              {deleting ? "Deleting..." : "Delete image"}
            </Button>
          }
        >
          <ConfirmDescription asChild>
            <div className="flex flex-col gap-3 text-foreground">
              <p className="text-muted-foreground">No page or hero slide uses this image.</p>
              <p className="text-muted-foreground">
                {image.builtin
                  ? "It is one of the site's own photographs: it leaves the library, and can no longer be chosen in the editors."
                  : "The file and all its sizes are removed. This cannot be undone."}
              </p>
            </div>
          </ConfirmDescription>
        </ConfirmDialog>
      )}
    </li>
  );
}
