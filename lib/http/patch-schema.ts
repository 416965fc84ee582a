import { z } from "zod";

/**
 * The schema of a partial update (PATCH, or PUT taking a partial resource):
 * every field optional, and a field the request leaves out stays undefined.
 * zod's own `.partial()` keeps each field's `.default()`, so an update naming
 * only a label would also send `required: false`, `options: []`... and reset
 * them on the stored record.
 */
export function patchSchema<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, z.optional((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType)])) as unknown as {
    [K in keyof Shape]: z.ZodOptional<Shape[K] extends z.ZodDefault<infer Inner> ? Inner : Shape[K]>;
  };
  return z.object(shape);
}

/** Whether an update names any column: the ORM skips an empty write and reports no row matched. */
export function hasChanges(data: object): boolean {
  return Object.values(data).some((value) => value !== undefined);
}
