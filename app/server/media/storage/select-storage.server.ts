import path from "node:path";
import type { Env } from "../../env.server";
import { LocalMediaStorage } from "./local-storage.server";
import type { MediaStorage } from "./media-storage.server";
import { S3MediaStorage } from "./s3-storage.server";

type StorageEnv = Pick<
  Env,
  | "dataDir"
  | "MEDIA_STORAGE"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
>;

/** One storage per loaded environment, so the S3 client (and its connection pool) is shared. */
const chosen = new WeakMap<StorageEnv, MediaStorage>();

/** The media storage MEDIA_STORAGE asks for (env.server.ts has already checked its settings). */
export function mediaStorageFor(env: StorageEnv): MediaStorage {
  let storage = chosen.get(env);
  if (!storage) {
    storage =
      env.MEDIA_STORAGE === "s3"
        ? new S3MediaStorage({
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX,
          })
        : new LocalMediaStorage(path.join(env.dataDir, "uploads"));
    chosen.set(env, storage);
  }
  return storage;
}
