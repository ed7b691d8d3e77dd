import { PUBLIC_PATHS } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(servicesContext);
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
