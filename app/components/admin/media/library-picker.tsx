import { Check } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog, DialogWindow } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { formatBytes, type LibraryImage, type LibraryPage } from "~/lib/media";
import { MAX_SEARCH_LENGTH } from "~/lib/submissions";
import { cn } from "~/lib/utils";
import { thumbnailUrl } from "./thumbnail";
import { fetchLibrary } from "./upload-client";

/** "Choose from library": the library's images as a grid of buttons; choosing one closes it. */
export function LibraryPicker({
  open,
  onOpenChange,
  onChoose,
  selectedUrl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (image: LibraryImage) => void;
  selectedUrl?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogWindow
        className="max-w-3xl"
        title="Choose from library"
        description="Pick an image for this field: your uploads and the site's own photographs."
      >
        {/* Mounted only while open, so every opening loads the library afresh. */}
        <PickerBody onChoose={onChoose} selectedUrl={selectedUrl} />
      </DialogWindow>
    </Dialog>
  );
}

/** How long typing rests before the search is asked for. */
const SEARCH_DELAY_MS = 250;

function PickerBody({ onChoose, selectedUrl }: { onChoose: (image: LibraryImage) => void; selectedUrl?: string }) {
  const [state, setState] = useState<{ status: "loading" } | { status: "error" } | ({ status: "ready" } & LibraryPage)>(
    { status: "loading" },
  );
  const [query, setQuery] = useState("");
  const [asked, setAsked] = useState({ q: "", page: 1 });
  const searchId = useId();
  const top = useRef<HTMLDivElement>(null);
  const shownPage = state.status === "ready" ? state.page : 1;

  // Another page starts at its top, under the search box.
  useEffect(() => {
    if (shownPage > 1 || top.current?.parentElement?.scrollTop) top.current?.scrollIntoView({ block: "nearest" });
  }, [shownPage]);

  // The library is searched and paged on the server: a salon's years of uploads are not sent at once.
  useEffect(() => {
    const controller = new AbortController();
    fetchLibrary(asked, controller.signal)
      .then((page) => setState({ status: "ready", ...page }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [asked]);

  useEffect(() => {
    const q = query.trim();
    if (q === asked.q) return;
    const timer = window.setTimeout(() => setAsked({ q, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, asked.q]);

  if (state.status === "loading")
    return (
      <p role="status" className="py-10 text-center text-sm text-muted-foreground">
        Loading images...
      </p>
    );
  if (state.status === "error")
    return (
      <p role="alert" className="py-10 text-center text-sm text-danger">
        The library could not be loaded. Please close this and try again.
      </p>
    );
  if (state.total === 0 && !asked.q && !query.trim())
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        The library is empty. Upload an image with the field's upload button, or in the Media Library.
      </p>
    );
  const { images, page, pageCount } = state;
  return (
    <div ref={top} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-xs text-muted-foreground">
          Search by file name or alt text
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => setQuery(event.target.value)}
          className="h-10 border border-border bg-surface px-3 text-sm focus-visible:border-foreground"
        />
      </div>
      {images.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No images match "{asked.q}".</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Library images">
          {images.map((image) => {
            const selected = image.url === selectedUrl;
            return (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => onChoose(image)}
                  aria-pressed={selected}
                  aria-label={`Choose ${image.name}${image.alt ? ` (${image.alt})` : ""}`}
                  className={cn(
                    "group relative flex w-full flex-col border bg-surface text-left transition-colors hover:border-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    selected ? "border-accent" : "border-border",
                  )}
                >
                  <span className="block aspect-[4/3] w-full overflow-hidden bg-surface-muted">
                    <img
                      src={thumbnailUrl(image.url, 320)}
                      alt=""
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  </span>
                  <span className="block truncate px-2 pt-1.5 text-xs font-medium">{image.name}</span>
                  <span className="block px-2 pb-1.5 text-[11px] text-muted-foreground">
                    {image.width} × {image.height} · {formatBytes(image.sizeBytes)}
                  </span>
                  {selected ? (
                    <span className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center bg-accent text-accent-foreground">
                      <Check className="size-3.5" aria-hidden="true" />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Library pages" className="flex items-center justify-center gap-3 text-sm">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setAsked({ q: asked.q, page: page - 1 })}
          >
            Previous
          </Button>
          <span className="tabular-nums" aria-live="polite">
            Page {page} of {pageCount}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => setAsked({ q: asked.q, page: page + 1 })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
