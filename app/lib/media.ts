/** Upload limits shared by the Media Library's server and its browser side (dependency-free). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "10 MB";
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** 1536 → "1.5 KB", 2_500_000 → "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

/** An image of the library as the admin screens see it. */
export interface LibraryImage {
  id: number;
  url: string;
  /** One of the site's own photographs (/images/…): deleting it only takes it off the list. */
  builtin: boolean;
  name: string;
  alt: string;
  width: number;
  height: number;
  sizeBytes: number;
  mimeType: string;
  createdAt: string;
}

/** Where an image is used: a content key of a page, or a hero slide. */
export interface ImageUsage {
  kind: "content" | "slide";
  label: string;
  /** The admin screen that edits it. */
  href: string;
}
