import { bulkCreateContacts } from "@/lib/contacts/bulk-create-contacts";
import { bulkCreateSchema } from "@/lib/contacts/schemas";
import { route } from "@/lib/http/route";

// The contract allows bulk bodies up to 10 MB (other JSON bodies: 1 MB). Items
// are validated one by one, NUL characters included, and reported by index.
export const POST = route(
  { permission: "contacts.write", body: bulkCreateSchema, maxBodyBytes: 10 * 1024 * 1024, refuseNulInBody: false },
  ({ user, body }) => bulkCreateContacts({ actor: user, items: body }),
);
