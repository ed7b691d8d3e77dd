import type { S3Client } from "@aws-sdk/client-s3";
import { checkKey, contentTypeOf, type MediaObject, type MediaStorage } from "./media-storage.server";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Cloudflare R2, Backblaze B2 …); AWS itself needs none. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name; MinIO wants it. */
  forcePathStyle?: boolean;
  /** Keys are stored under this folder of the bucket, e.g. "salon/" (so one bucket can serve several sites). */
  prefix?: string;
}

// The SDK takes about a second to load: only a site that stores its media in a bucket pays for it,
// on the first media request rather than at every start.
type Sdk = typeof import("@aws-sdk/client-s3");
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

const isNotFound = (s3: Sdk, error: unknown) =>
  error instanceof s3.S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** Media in an S3-compatible bucket. The bucket may stay private: the app reads and serves the bytes. */
export class S3MediaStorage implements MediaStorage {
  readonly kind = "s3";
  readonly bucket: string;
  readonly prefix: string;
  private readonly options: S3StorageOptions;
  private client?: Promise<{ s3: Sdk; client: S3Client }>;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.options = options;
    const prefix = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
    this.prefix = prefix ? `${prefix}/` : "";
  }

  /** The SDK and one client (with its connection pool) for every request. */
  private connect(): Promise<{ s3: Sdk; client: S3Client }> {
    return (this.client ??= loadSdk().then((s3) => ({ s3, client: this.newClient(s3) })));
  }

  private newClient(s3: Sdk): S3Client {
    const options = this.options;
    return new s3.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: 3,
      // A hung storage service must not hold a visitor's request (or an upload) for minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  /** The object key in the bucket for a media key. */
  objectKey(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<MediaObject | null> {
    const { s3, client } = await this.connect();
    try {
      const result = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const body = Buffer.from(await result.Body!.transformToByteArray());
      return {
        body,
        contentType: result.ContentType ?? contentTypeOf(key),
        size: body.length,
        lastModified: result.LastModified,
        etag: result.ETag,
      };
    } catch (error) {
      if (isNotFound(s3, error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; lastModified?: Date } | null> {
    const { s3, client } = await this.connect();
    try {
      const result = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: result.ContentLength ?? 0, lastModified: result.LastModified };
    } catch (error) {
      if (isNotFound(s3, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}
