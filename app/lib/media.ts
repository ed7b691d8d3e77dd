import { pageParam } from "./paging";
import { MAX_SEARCH_LENGTH } from "./submissions";

/** Upload limits and the library's pages, shared by the Media Library's server and its browser side. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "10 MB";
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
/** Images a page of the Media Library and of the editors' picker: whole rows of 2, 3 and 4 columns. */
export const MEDIA_PAGE_SIZE = 24;

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

/** Where an image is used: a content key of a page (published or in its draft), a hero slide, a suite type's photos, a person's photo. */
export interface ImageUsage {
  kind: "content" | "draft" | "slide" | "suite-type" | "staff";
  label: string;
  /** The admin screen that edits it. */
  href: string;
}

/** One page of the library, newest first, as the Media Library and the editors' picker show it. */
export interface LibraryPage {
  images: LibraryImage[];
  /** Images matching the search (every image without one). */
  total: number;
  page: number;
  pageCount: number;
}

/** The library's search and page from a URL (?q=&page=), as the Media Library and the picker send them. */
export function parseLibraryQuery(params: URLSearchParams): { q: string; page: number } {
  return {
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    page: pageParam(params.get("page")),
  };
}
