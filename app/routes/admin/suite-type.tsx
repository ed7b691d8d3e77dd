import { data } from "react-router";
import { DeleteCard, SuiteEditPage, SuiteTypeForm, type SuiteFormValues } from "~/components/admin/suites/suite-forms";
import { dollarsField, type SuitesReply } from "~/lib/suites/forms";
import { servicesContext } from "~/server/context";
import { findSuiteType, type SuiteTypeRecord } from "~/server/suites/suite-types.server";
import { SuitesErrorBoundary } from "~/components/admin/suites/suites-error";
import type { Route } from "./+types/suite-type";
import { requireSuitesAdmin, suitesIdParam, suiteTypeAction } from "./suites.server";

/** /admin/suites/types/new and /admin/suites/types/{id}: one suite type as /suites shows it. */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Edit Suite Type" : "New Suite Type"} | Admin` },
];

function formValues(type: SuiteTypeRecord | null): SuiteFormValues {
  if (!type) return { displayOrder: "0", rentPeriod: "week" };
  const values: SuiteFormValues = {
    name: type.name,
    slug: type.slug,
    sizeLabel: type.sizeLabel,
    rentPeriod: type.rentPeriod,
    rentFrom: dollarsField(type.rentFrom),
    included: type.included.join("\n"),
    description: type.description,
    displayOrder: String(type.displayOrder),
  };
  type.photos.forEach((photo, i) => {
    values[`photo${i + 1}`] = photo.src;
    values[`photo${i + 1}Alt`] = photo.alt;
  });
  return values;
}

export const ErrorBoundary = SuitesErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  await requireSuitesAdmin(args);
  if (args.params.id === undefined) return { type: null, values: formValues(null) };
  const type = await findSuiteType(args.context.get(servicesContext).db, suitesIdParam(args.params.id));
  if (!type) throw data("This suite type does not exist, or it was deleted.", { status: 404 });
  return { type: { id: type.id, name: type.name }, values: formValues(type) };
}

export const action = (args: Route.ActionArgs) => suiteTypeAction(args);

export default function SuiteTypePage({ loaderData, actionData }: Route.ComponentProps) {
  const { type } = loaderData;
  const reply = actionData as (SuitesReply & { values: SuiteFormValues }) | undefined;
  return (
    <SuiteEditPage title={type ? type.name : "New suite type"}>
      <SuiteTypeForm
        key={type?.id ?? "new"}
        values={reply?.values ?? loaderData.values}
        errors={reply?.fieldErrors ?? {}}
        message={reply?.message}
        isNew={!type}
      />
      {type ? (
        <DeleteCard
          title="Delete suite type"
          description="Only a type without units can be deleted; it leaves the suites page at once."
          label={`Delete ${type.name}`}
        />
      ) : null}
    </SuiteEditPage>
  );
}
