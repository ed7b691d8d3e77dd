import { data, redirect, type RouterContextProvider } from "react-router";
import { requireStaff, isSecure } from "~/server/auth/guard.server";
import { handleStaffAction } from "~/routes/admin/staff-member-actions.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** An id from the URL: digits only, else one that names nobody. */
export const staffIdParam = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN);

/**
 * The action of /admin/staff and /admin/staff/{new,id}: admins only (an editor gets 403). Adding
 * someone goes on to their page, with the toast carried across the redirect.
 */
export async function staffRouteAction(args: Args, staffId: number | null) {
  const user = await requireStaff(args, { role: "admin" });
  const services = args.context.get(servicesContext);
  const { status, reply } = await handleStaffAction(
    { ...services, links: siteBookingLinks(services) },
    user,
    await args.request.formData(),
    staffId,
  );
  if (reply.ok && reply.intent === "create" && reply.id !== undefined) {
    return redirect(`/admin/staff/${reply.id}`, {
      headers: { "Set-Cookie": flashCookie({ title: "Success", description: reply.message }, isSecure(args)) },
    });
  }
  if (reply.ok && reply.intent === "delete") {
    return redirect("/admin/staff", {
      headers: { "Set-Cookie": flashCookie({ title: "Success", description: reply.message }, isSecure(args)) },
    });
  }
  return data(reply, { status });
}
