import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our Express sub-app, so the server code (database, caches, workers)
// lives in one module graph with the route modules.
export default defineConfig(({ isSsrBuild }) => ({
  // No gzip pass over every output file for the build's size report: nobody reads it, and it costs
  // each build (one per test run) CPU. The bench measures what is really sent.
  build: {
    reportCompressedSize: false,
    ...(isSsrBuild ? { rollupOptions: { input: "./app/server/app.server.ts" } } : {}),
  },
  resolve: { tsconfigPaths: true },
  // Icon and UI libraries are bundled into the server build, so it keeps only what it uses: as
  // external packages their barrels (every icon, every primitive) cost seconds at each start.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "date-fns", "@date-fns/tz"] },
  plugins: [tailwindcss(), reactRouter()],
}));
