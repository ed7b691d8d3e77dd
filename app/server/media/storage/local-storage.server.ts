import fs from "node:fs/promises";
import path from "node:path";
import { checkKey, contentTypeOf, MediaKeyError, type MediaObject, type MediaStorage } from "./media-storage.server";

const isMissing = (error: unknown) =>
  ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

/** Media in a folder on this machine (DATA_DIR/uploads): the default. */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = "local";
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; refuses keys that would resolve outside the folder. */
  file(key: string): string {
    const resolved = path.resolve(this.root, ...checkKey(key).split("/"));
    if (!resolved.startsWith(this.root + path.sep)) throw new MediaKeyError("Path escapes the uploads folder");
    return resolved;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // "wx": keys are never reused, so an existing file means something is wrong; never overwrite.
    await fs.writeFile(file, bytes, { flag: "wx" });
  }

  async get(key: string): Promise<MediaObject | null> {
    const file = this.file(key);
    try {
      const [body, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      return {
        body,
        contentType: contentTypeOf(key),
        size: body.length,
        lastModified: stat.mtime,
        etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; lastModified: Date } | null> {
    const stat = await fs.stat(this.file(key)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return stat?.isFile() ? { size: stat.size, lastModified: stat.mtime } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}
