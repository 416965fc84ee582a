import { z } from "zod";
import { telephony } from "@/lib/telephony/port";

// Ids outside a column's range cannot exist: they fail here and answer 404.
const INT4_MAX = 2_147_483_647;

/** `{ id }` of a record with an integer key (users, departments, campaigns...). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

/** `{ id }` of a record with a bigint key (contacts, call logs...). */
export const bigIdParams = z.object({
  id: z.coerce
    .bigint()
    .positive()
    .max(2n ** 53n),
});

// The same limits for ids given in a body or a query string: a value past the
// column's range is refused with 422 (PostgreSQL would fail the query: a 500).
/** An integer key (users, departments, organizations, campaigns, custom fields, saved filters). */
export const intId = z.number().int().positive().max(INT4_MAX, "is not a valid id.");
/** A bigint key (contacts, call logs, queue entries, campaign contacts), within JavaScript's exact integers. */
export const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER, "is not a valid id.");
/** intId read from a query string. */
export const intIdQuery = z.coerce.number().int().positive().max(INT4_MAX, "is not a valid id.");
/** bigId read from a query string. */
export const bigIdQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER, "is not a valid id.");

/** `{ call_sid }` of a call (the provider's id of it): anything the provider could not have named cannot be a call, 404. */
export const callSidParams = z.object({
  call_sid: z
    .string()
    .max(64)
    .refine((value) => telephony().isCallSid(value)),
});
