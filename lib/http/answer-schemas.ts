import { z } from "zod";

// Building blocks of answer schemas (route()'s `answers`). A schema's output
// side is what a serializer returns, and the document describes that side: a
// timestamp is a Date in the serializer and an ISO 8601 string on the wire
// (jsonResponse writes Dates so), which its meta says.

/** A moment: a Date in the serializer, an ISO 8601 string in the JSON. */
export const timestamp = z.codec(z.string().meta({ format: "date-time" }), z.date().meta({ type: "string", format: "date-time" }), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A record's id: a number in the JSON (bigint ids stay below 2^53). */
export const id = z.number().int();

/** Another record named with its id and name (who claimed it, the contact it is about). */
export const named = z.object({ id, name: z.string().nullable() });

/** The contract's page of a list: `{ data, meta }` (lib/http/pagination.ts makes it). */
export const pageMeta = z
  .object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    total_exact: z.boolean().optional().meta({ description: "false when total is the planner's estimate (a filtered list above 10,000 matches, or expected to have 15,000 or more)" }),
  })
  .meta({ id: "PageMeta" });
export const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

/**
 * A text column read as one of its known values: the database stores what a
 * schema validated, so the fallback only guards rows written by hand.
 */
export function oneOf<const T extends readonly string[]>(values: T, value: string | null | undefined, fallback: T[number]): T[number] {
  return values.find((known) => known === value) ?? fallback;
}
