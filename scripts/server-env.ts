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
