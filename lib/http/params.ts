import { z } from "zod";

// Ids outside a column's range cannot exist: they fail here and answer 404.
const INT4_MAX = 2_147_483_647;

/** `{ id }` of a record with an integer key (users, departments, campaigns...). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

/** `{ id }` of a record with a bigint key (contacts, call logs...). */
export const bigIdParams = z.object({ id: z.coerce.bigint().positive().max(2n ** 53n) });
