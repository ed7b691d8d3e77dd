import fs from "node:fs";
import path from "node:path";

let cached: string | undefined;

/**
 * The URL of the public pages' enhancement script: served from source by Vite in development, from
 * build/client/enhance (fingerprinted, see scripts/build-enhancements.ts) in production.
 */
export function enhancementScriptUrl(): string {
  if (import.meta.env.DEV) return "/app/enhance/site.ts";
  if (cached) return cached;
  const manifest = path.resolve(process.env.BUILD_DIR ?? "build", "client/enhance/manifest.json");
  const entries = JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, string>;
  cached = entries.site;
  if (!cached) throw new Error(`No "site" entry in ${manifest}: run npm run build`);
  return cached;
}
