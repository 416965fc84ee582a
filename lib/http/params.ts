import { z } from "zod";

/** `{ id }` route parameter of a numeric record. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 53) });
