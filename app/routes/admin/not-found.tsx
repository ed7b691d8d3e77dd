import { SearchX } from "lucide-react";
import { data, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/not-found";

/** An unknown /admin/* path: a 404 inside the admin layout for staff, the login page for anyone else. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { pathname } = new URL(args.request.url);
  args.context.get(servicesContext).logger.warn({ path: pathname }, "404: no admin page at this path");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Admin" }];

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-6 text-3xl">Page not found</h2>
      <p className="mt-3 text-sm text-muted-foreground">
        There is no admin page at <span className="font-medium break-all text-foreground">{loaderData.pathname}</span>.
      </p>
      <Link to="/admin/dashboard" className={buttonVariants({ className: "mt-8" })}>
        Back to Dashboard
      </Link>
    </section>
  );
}
