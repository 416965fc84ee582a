import { z } from "zod";

// Building blocks of answer schemas (route()'s `answers`). A schema's input
// side is the JSON a client receives, its output side what a serializer
// returns: a timestamp is a Date in the serializer and an ISO 8601 string on
// the wire (jsonResponse writes Dates so), and the document says the latter.

/** A moment: a Date in the serializer, an ISO 8601 string in the JSON. */
export const timestamp = z.codec(z.string().meta({ format: "date-time" }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A record's id: a number in the JSON (bigint ids stay below 2^53). */
export const id = z.number().int();

/** Another record named with its id and name (who claimed it, the contact it is about). */
export const named = z.object({ id, name: z.string().nullable() });
