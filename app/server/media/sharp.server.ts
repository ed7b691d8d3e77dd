import type sharpFunction from "sharp";

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp (libvips) is loaded on first use: it is a third of a second of CPU, and a server start,
 * a page view or a test that makes no image should not pay for it.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    // Memory stays bounded under a burst: libvips keeps no decoded images between encodes, and each
    // encode uses one thread (the encode pool already runs one per core).
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}
