import { IMAGE_FORMATS, IMAGE_WIDTHS, isResizable, type ImageFormat } from "~/lib/images";
import type { DbOrTx } from "../db/database.server";
import { encodePool } from "./encode-pool.server";
import { variantFile, type ImageRoots, type VariantRequest } from "./image-variants.server";

/**
 * The variants the pages ask for of one image: every width srcSet() lists (up to 2400 px; a
 * master narrower than a width still gets that URL, served at the master's size) in every format
 * ResponsiveImage offers. Nothing for an image that is not ours.
 */
export function variantsFor(src: string): VariantRequest[] {
  if (!isResizable(src)) return [];
  const formats: readonly ImageFormat[] = IMAGE_FORMATS;
  // Smallest first: the widths phones ask for are ready soonest.
  return IMAGE_WIDTHS.flatMap((width) => formats.map((format) => ({ width, format, src })));
}

/** IMAGE_PREWARM=off turns the background work off (tests and benches that do not test it). */
export function prewarmEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.IMAGE_PREWARM !== "off";
}

/**
 * Makes images' variants in the background, one encode at a time, so a burst of first visitors
 * only reads files. Each encode goes through the same encode pool as a visitor's request (which
 * it never refuses), and a variant already on disk is skipped, so the queue keeps nothing across a
 * restart: whoever starts the server queues every image again and only the missing are made.
 */
export class VariantPrewarmer {
  private readonly queue: VariantRequest[] = [];
  private readonly queued = new Set<string>();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly roots: ImageRoots,
    private readonly onError: (error: unknown, request: VariantRequest) => void = () => {},
  ) {}

  /** Queues the variants of these images; returns at once. */
  add(...srcs: string[]): void {
    for (const request of srcs.flatMap(variantsFor)) {
      const key = `${request.width}/${request.format}${request.src}`;
      if (this.queued.has(key)) continue;
      this.queued.add(key);
      this.queue.push(request);
    }
    this.draining ??= this.drain().finally(() => (this.draining = null));
  }

  /** Resolves when the queue is empty (for tests and scripts; the server never waits on it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    for (let request = this.queue.shift(); request; request = this.queue.shift()) {
      // Low priority: starts only when no visitor's encode runs or waits, and yields to the event loop.
      await encodePool.idle();
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await variantFile(this.roots, request, undefined, { mayRefuse: false });
      } catch (error) {
        // A master that cannot be encoded now is made on demand later (or fails there, visibly).
        this.onError(error, request);
      } finally {
        this.queued.delete(`${request.width}/${request.format}${request.src}`);
      }
    }
  }
}

/** The site paths of every image in the library: the site's own photos and the uploads. */
export async function libraryImagePaths(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectFrom("site_images").select(["storage_key", "builtin"]).orderBy("id").execute();
  return rows.map((row) => (Number(row.builtin) === 1 ? `/images/${row.storage_key}` : `/media/${row.storage_key}`));
}

const prewarmers = new Map<string, VariantPrewarmer>();

/** The one prewarmer of a variant cache (the server's, DATA_DIR/cache/img), made on first use. */
export function prewarmerFor(roots: ImageRoots): VariantPrewarmer {
  let prewarmer = prewarmers.get(roots.cacheDir);
  if (!prewarmer) prewarmers.set(roots.cacheDir, (prewarmer = new VariantPrewarmer(roots)));
  return prewarmer;
}
