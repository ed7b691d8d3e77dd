/**
 * Compiles the Node entry (server.ts) to build/server.js, so production runs plain JavaScript:
 * no TypeScript loader between Node and every module it imports (that loader took about half
 * of the server's start-up). Packages stay external; the app itself is build/server/index.js.
 */
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

await build({
  absWorkingDir: root,
  entryPoints: ["server.ts"],
  outfile: path.resolve(root, process.env.BUILD_DIR ?? "build", "server.js"),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  alias: { "~": path.join(root, "app") },
  logLevel: "warning",
});
