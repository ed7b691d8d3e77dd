/**
 * Where uploaded media live. Keys are the paths under /media/, e.g. 2026/07/salon-chair-3f9a1c0b2e.jpg,
 * made by storeUpload and never reused, so an object never changes once written.
 */
export interface MediaObject {
  body: Buffer;
  contentType: string;
  size: number;
  lastModified?: Date;
  etag?: string;
}

export interface MediaStorage {
  /** "local" (DATA_DIR/uploads) or "s3" (a bucket); for logs and the backup command. */
  readonly kind: "local" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<MediaObject | null>;
  /** Size and date without the bytes; null when there is no such object. */
  stat(key: string): Promise<{ size: number; lastModified?: Date } | null>;
  /** Removing what is not there is no error. */
  delete(key: string): Promise<void>;
}

export class MediaKeyError extends Error {}

/** Letters, digits, dot, dash and underscore per segment; no empty, dot-only or hidden segments. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** The key itself, or a MediaKeyError: nothing a driver is given may climb out of its folder or prefix. */
export function checkKey(key: string): string {
  const segments = key.split("/");
  if (key.length > 512 || !segments.every((s) => SEGMENT.test(s) && !s.includes(".."))) {
    throw new MediaKeyError(`Not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** The image type a key's extension stands for; application/octet-stream for anything else. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
