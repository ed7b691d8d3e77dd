import { servicesContext } from "~/server/context";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
