/**
 * glibc's malloc arenas for the server process, set by everything that starts the compiled server
 * (`npm start`, the bench and the tests' server processes; the Dockerfile and the systemd unit in
 * docs/DEPLOYING.md set it too). glibc reads it once, at the start. By default it keeps up to eight
 * arenas per core, and the image encoder's threads (libvips) leave each one fragmented: after the
 * background variants of the seeded photographs were made, the server held 450 MB with the default
 * and 226 MB with two, the peak while making them 467 and 304 MB, and making them took 166 and 173 s
 * (scripts/bench/image-burst.ts, 2026-11-28, idle machine).
 */
export const MALLOC_ARENA_MAX = "2";

/**
 * Node's flags for the server process, given by the same starters. With V8's default heap limit
 * (4 GB on this 24 GB machine) the old generation may grow to four times what survived the last
 * full collection before it collects again: after the history bench's admin pages the server held
 * 150-200 MB of heap of which 40 MB was alive (a forced collection), and 267-317 MB of RSS. Under a
 * limit below 2 GB, V8 grows the heap by a smaller factor (1.3 to 2), so it collects sooner: with
 * 1 GB the same run peaked at 204-229 MB, for 6-10 % more CPU on the admin pages (512 MB:
 * 200-207 MB, 10-20 % more). The limit is 25 times the live heap, so no request comes near it; a
 * process that did would stop with "heap out of memory" and be started again by its supervisor.
 * (Measured 2026-11-28 on the three-year demo salon, decision 62.) The young generation's halves
 * are 8 MB instead of 16: the admin pages' peak fell by 15-22 MB (204-211 against 224-226 MB over
 * the same dozen pages) and the history bench's from 236-260 to 221-244 MB, with no more CPU per
 * page that the bench could see (decision 64).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=1024", "--max-semi-space-size=8"];
