/**
 * Compiles the Node entry (server.ts) to build/server.js, so production runs plain JavaScript:
 * no TypeScript loader between Node and every module it imports (that loader took about half
 * of the server's start-up). Packages stay external; the app itself is build/server/index.js.
 * The backup and restore commands are compiled beside it (build/scripts/): the tests run them
 * as the built site's commands, without the loader's second or two of start-up each time.
 */
import path from "node:path";
import { build, type BuildOptions } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  alias: { "~": path.join(root, "app") },
  logLevel: "warning",
};

await build({
  ...common,
  entryPoints: ["scripts/backup.ts", "scripts/restore.ts"],
  outdir: path.join(buildDir, "scripts"),
});
// Last: build/server.js is what tells scripts/ensure-build.ts that the whole build is there.
await build({ ...common, entryPoints: ["server.ts"], outfile: path.join(buildDir, "server.js") });
