import { data } from "react-router";
import { useHydrated } from "~/components/admin/editor/use-hydrated";
import { DeleteCard, SuiteEditPage, SuiteUnitForm, type SuiteFormValues } from "~/components/admin/suites/suite-forms";
import { dollarsField, type SuitesReply } from "~/lib/suites/forms";
import { servicesContext } from "~/server/context";
import { listSuiteTypes } from "~/server/suites/suite-types.server";
import { findUnit, type SuiteUnitRecord } from "~/server/suites/units.server";
import { SuitesErrorBoundary } from "~/components/admin/suites/suites-error";
import type { Route } from "./+types/suite-unit";
import { requireSuitesAdmin, suitesIdParam, suiteUnitAction } from "./suites.server";

/** /admin/suites/units/new and /admin/suites/units/{id}: one unit, its type and its lease. */

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.id ? "Edit Unit" : "New Unit"} | Admin` }];

function formValues(unit: SuiteUnitRecord | null, typeId: string): SuiteFormValues {
  if (!unit) return { typeId };
  return {
    name: unit.name,
    typeId: String(unit.typeId),
    lesseeName: unit.lesseeName,
    lesseeEmail: unit.lesseeEmail,
    lesseePhone: unit.lesseePhone,
    lesseeSpecialty: unit.lesseeSpecialty,
    leaseStart: unit.leaseStart ?? "",
    leaseEnd: unit.leaseEnd ?? "",
    rent: dollarsField(unit.rentCents),
  };
}

export const ErrorBoundary = SuitesErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  await requireSuitesAdmin(args);
  const { db } = args.context.get(servicesContext);
  const types = (await listSuiteTypes(db)).map(({ id, name }) => ({ id, name }));
  if (args.params.id === undefined) return { unit: null, types, values: formValues(null, "") };
  const unit = await findUnit(db, suitesIdParam(args.params.id));
  if (!unit) throw data("This unit does not exist, or it was deleted.", { status: 404 });
  return { unit: { id: unit.id, name: unit.name }, types, values: formValues(unit, "") };
}

export const action = (args: Route.ActionArgs) => suiteUnitAction(args);

export default function SuiteUnitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, types } = loaderData;
  const reply = actionData as (SuitesReply & { values: SuiteFormValues }) | undefined;
  const hydrated = useHydrated();
  return (
    <SuiteEditPage title={unit ? unit.name : "New unit"} hydrated={hydrated}>
      <SuiteUnitForm
        key={unit?.id ?? "new"}
        values={reply?.values ?? loaderData.values}
        errors={reply?.fieldErrors ?? {}}
        message={reply?.message}
        isNew={!unit}
        types={types}
      />
      {unit ? (
        <DeleteCard
          title="Delete unit"
          description="The unit and its lease leave the inventory and the counts at once."
          label={`Delete ${unit.name}`}
        />
      ) : null}
    </SuiteEditPage>
  );
}
