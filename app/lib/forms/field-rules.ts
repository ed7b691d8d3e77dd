import { z } from "zod";

/**
 * What a form field tells the browser, read from the Zod schema the server validates it with, so a
 * limit is written once: the schema's `.max()` becomes the input's maxLength.
 */
export interface FieldRules {
  /** The longest value the schema accepts (after trimming); undefined when it sets no limit. */
  maxLength?: number;
  /** The schema refuses an empty answer (an empty string as well as a missing field). */
  required: boolean;
}

type Schema = z.core.$ZodType;
type WrapperDef = { innerType?: Schema; in?: Schema; out?: Schema };

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);

function smaller(a: number | undefined, b: number | undefined) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** The string schema's max length, looking through optional/default wrappers and both sides of a pipe or transform. */
export function schemaMaxLength(schema: Schema): number | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & WrapperDef;
  if (def.type === "string") {
    const max = "maxLength" in schema ? schema.maxLength : undefined;
    return typeof max === "number" && Number.isFinite(max) ? max : undefined;
  }
  if (WRAPPERS.has(def.type)) return def.innerType && schemaMaxLength(def.innerType);
  if (def.type === "pipe") {
    return smaller(def.in && schemaMaxLength(def.in), def.out && schemaMaxLength(def.out));
  }
  return undefined;
}

export function schemaRequires(schema: Schema): boolean {
  return !z.safeParse(schema, "").success && !z.safeParse(schema, undefined).success;
}

export function fieldRules(schema: Schema): FieldRules {
  return { maxLength: schemaMaxLength(schema), required: schemaRequires(schema) };
}

/** Rules already read, per schema: a schema never changes, and every render of a form asks again. */
const rulesOf = new WeakMap<object, Readonly<Record<string, FieldRules>>>();

/** Every field of an object schema by name (the same frozen object for the same schema). */
export function formRules<Shape extends Record<string, Schema>>(schema: {
  shape: Shape;
}): { readonly [K in keyof Shape]: FieldRules } {
  let rules = rulesOf.get(schema);
  if (!rules) {
    rules = Object.freeze(
      Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, Object.freeze(fieldRules(field))])),
    );
    rulesOf.set(schema, rules);
  }
  return rules as { readonly [K in keyof Shape]: FieldRules };
}
