import { data, redirect, type RouterContextProvider } from "react-router";
import { parseSuiteTypeForm, parseSuiteUnitForm, SUITES_MESSAGES as M, type SuitesReply } from "~/lib/suites/forms";
import { isSecure, requireStaff } from "~/server/auth/guard.server";
import { servicesContext } from "~/server/context";
import { flashCookie } from "~/server/http/flash.server";
import { readForm } from "~/server/http/read-form.server";
import { deleteSuiteType, saveSuiteType } from "~/server/suites/suite-types.server";
import { deleteUnit, saveUnit } from "~/server/suites/units.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

/** The admin's suites screens: admins only (an editor gets 403), since units carry lessees and rents. */
export const requireSuitesAdmin = (args: Omit<Args, "params">) => requireStaff(args, { role: "admin" });

/** An id from the URL: digits only, else one that names nothing. */
export const suitesIdParam = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN);

export const SUITES_PATH = "/admin/suites";

const notFound = (what: string) => data(`This ${what} does not exist, or it was deleted.`, { status: 404 });

/** What was typed, to fill the form again after a refusal. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value;
  return values;
}

function refused(message: string, form: FormData, fieldErrors: Record<string, string[]> = {}, status = 400) {
  return data<SuitesReply & { values: Record<string, string> }>(
    { ok: false, message, fieldErrors, values: typedValues(form) },
    { status },
  );
}

function backToList(args: Args, description: string) {
  return redirect(SUITES_PATH, {
    headers: { "Set-Cookie": flashCookie({ title: "Success", description }, isSecure(args)) },
  });
}

/** A suites form's post: the admin who sent it, the row it edits (null: a new one) and its fields. */
async function postedSuitesForm(args: Args) {
  const user = await requireSuitesAdmin(args);
  const { db } = args.context.get(servicesContext);
  const id = args.params.id === undefined ? null : suitesIdParam(args.params.id);
  return { user, db, id, form: await readForm(args.request) };
}

/** /admin/suites/types/new and /admin/suites/types/{id}: save (or delete) a suite type. */
export async function suiteTypeAction(args: Args) {
  const { user, db, id, form } = await postedSuitesForm(args);
  if (form.get("intent") === "delete" && id !== null) {
    const deleted = await deleteSuiteType(db, user, id);
    if (!deleted) throw notFound("suite type");
    if (!deleted.ok) return refused(M.typeHasUnits(deleted.name, deleted.units), form, {}, 409);
    return backToList(args, M.typeDeleted(deleted.name));
  }
  const parsed = parseSuiteTypeForm(form);
  if (!parsed.ok) return refused(M.invalid, form, parsed.errors);
  const saved = await saveSuiteType(db, user, id, parsed.value);
  if (!saved.ok) {
    if (saved.reason === "missing") throw notFound("suite type");
    return refused(M.invalid, form, { slug: [M.slugTaken] }, 409);
  }
  return backToList(args, id === null ? M.typeAdded(parsed.value.name) : M.typeSaved(parsed.value.name));
}

/** /admin/suites/units/new and /admin/suites/units/{id}: save (or delete) a unit and its lease. */
export async function suiteUnitAction(args: Args) {
  const { user, db, id, form } = await postedSuitesForm(args);
  if (form.get("intent") === "delete" && id !== null) {
    const name = await deleteUnit(db, user, id);
    if (name === null) throw notFound("unit");
    return backToList(args, M.unitDeleted(name));
  }
  const parsed = parseSuiteUnitForm(form);
  if (!parsed.ok) return refused(M.invalid, form, parsed.errors);
  const saved = await saveUnit(db, user, id, parsed.value);
  if (!saved.ok) {
    if (saved.reason === "missing") throw notFound("unit");
    const fieldErrors: Record<string, string[]> =
      saved.reason === "name-taken" ? { name: [M.unitNameTaken] } : { typeId: [M.typeMissing] };
    return refused(M.invalid, form, fieldErrors, 409);
  }
  return backToList(args, id === null ? M.unitAdded(parsed.value.name) : M.unitSaved(parsed.value.name));
}
