import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .optional(),
  ADMIN_PASSWORD: z.string().min(10, "must have at least 10 characters").optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  NOTIFY_EMAIL: z.email().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Online bookings per client address in any 24 hours (every way to book counts together). */
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(4),
  TRUST_PROXY: z.string().optional(),
  /** Seconds a CDN may keep a public page (s-maxage); unset, shared caches revalidate like browsers. */
  CDN_MAX_AGE: z.coerce.number().int().min(1).max(86_400).optional(),
  /** How often the mail worker looks for due mail besides when a form queues one (ms). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(15_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where uploaded media live: "local" (DATA_DIR/uploads) or "s3" (an S3-compatible bucket). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** For S3-compatible services (MinIO, Cloudflare R2 …); empty for AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Keys are stored under this folder of the bucket (one bucket for several sites). */
  S3_PREFIX: z.string().optional(),
});

/** Settings that only matter together: S3 storage needs its bucket and credentials. */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.MEDIA_STORAGE !== "s3") return;
  for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when MEDIA_STORAGE=s3" });
  }
});

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  sessionSecret: string;
  isProduction: boolean;
};

/** Reads and validates the environment once; fails fast with every problem listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = CheckedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    isProduction: env.NODE_ENV === "production",
  };
}

/** A generated secret kept in DATA_DIR so sessions survive restarts without configuration. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
