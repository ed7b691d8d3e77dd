/**
 * Bundles the public pages' enhancement scripts (app/enhance/site.ts and the feature chunks it
 * imports on demand) into build/client/enhance/, with a manifest the server reads to link them.
 * Public pages do not hydrate React: these few kilobytes are all the JavaScript they load.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.resolve(root, process.env.BUILD_DIR ?? "build", "client/enhance");
fs.rmSync(outdir, { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { site: "app/enhance/site.ts" },
  bundle: true,
  splitting: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: false,
  outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  alias: { "~": path.join(root, "app") },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const entries: Record<string, string> = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  if (meta.entryPoint) entries[path.basename(meta.entryPoint, ".ts")] = `/enhance/${path.basename(file)}`;
}
fs.writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify(entries, null, 2));
const sizes = Object.entries(result.metafile.outputs).map(([file, meta]) => `${path.basename(file)} ${meta.bytes} B`);
console.log(`enhancement scripts: ${sizes.join(", ")}`);
