/**
 * `npm start`: builds when the build is missing or older than the sources, then starts the server
 * (which migrates, seeds and creates the first admin before it listens).
 */
import path from "node:path";
import { ensureBuild } from "./ensure-build";

ensureBuild();
process.chdir(path.resolve(import.meta.dirname, ".."));
await import("../server.ts");
