import type sharpFunction from "sharp";

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp (libvips) is loaded on first use: it is a third of a second of CPU, and a server start,
 * a page view or a test that makes no image should not pay for it.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  return (loading ??= import("sharp").then((module) => module.default));
}
