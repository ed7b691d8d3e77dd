import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table: public pages, the admin and resources (docs/product.md, docs/architecture.md). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("services", "routes/site/services.tsx"),
    // The static facials page; every other /services/{id} (categories, treatments, 404) is one module.
    route("services/facials", "routes/site/service-facials.tsx"),
    route("services/:serviceId", "routes/site/service.tsx"),
    route("bookings", "routes/site/bookings.tsx"),
    route("book/:serviceId", "routes/site/book.tsx"),
    route("appointment/:token", "routes/site/appointment.tsx"),
    route("suites", "routes/site/suites.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Sign-in lives outside the admin layout: the layout's guard sends visitors here.
  route("admin/login", "routes/auth/login.tsx"),
  route("admin/login/verify", "routes/auth/verify.tsx"),
  route("admin/logout", "routes/auth/logout.ts"),
  route("admin/session", "routes/auth/session-check.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.ts"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/search", "routes/admin/search.tsx"),
    route("admin/pages", "routes/admin/pages.tsx"),
    route("admin/content", "routes/admin/content-redirect.ts"),
    route("admin/edit/service/:name", "routes/admin/edit-service.tsx"),
    route("admin/edit/:page", "routes/admin/edit-page.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    route("admin/hero-slides", "routes/admin/hero-slides.tsx"),
    route("admin/hero-slides/new", "routes/admin/hero-slide-form.tsx", { id: "hero-slide-new" }),
    route("admin/hero-slides/edit/:id", "routes/admin/hero-slide-form.tsx", { id: "hero-slide-edit" }),
    route("admin/submissions", "routes/admin/submissions.tsx"),
    route("admin/submissions/:id", "routes/admin/submission.tsx"),
    route("admin/bookings", "routes/admin/bookings.tsx"),
    route("admin/bookings/settings", "routes/admin/booking-settings.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  // Admin resources (guarded in their own loader/action): uploads and the CSV export.
  route("admin/media/upload", "routes/admin/media-upload.ts"),
  route("admin/export/submissions.csv", "routes/admin/submissions-export.ts"),
  ...prefix("", [
    route("healthz", "routes/resources/healthz.ts"),
    route("api/forms/:name", "routes/resources/api.forms.ts"),
    route("api/services", "routes/resources/api.services.ts"),
    route("api/availability", "routes/resources/api.availability.ts"),
    route("api/bookings", "routes/resources/api.bookings.ts"),
    route("calendar/:feed", "routes/resources/calendar-feed.ts"),
    route("theme", "routes/resources/theme.ts"),
    route("subscribe", "routes/resources/subscribe.ts"),
    route("sitemap.xml", "routes/resources/sitemap.ts"),
    route("robots.txt", "routes/resources/robots.ts"),
  ]),
] satisfies RouteConfig;
