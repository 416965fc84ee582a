import { after } from "next/server";
import { bulkCreateContacts } from "@/lib/contacts/bulk-create-contacts";
import { FLUSH_AFTER_ROWS, flushSearchIndexes } from "@/lib/contacts/flush-search-indexes";
import { bulkCreateSchema } from "@/lib/contacts/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { bulkCreateAnswer } from "@/lib/contacts/bulk-create-answer";

// The contract allows bulk bodies up to 10 MB (other JSON bodies: 1 MB). Items
// are validated one by one, NUL characters included, and reported by index.
// A large batch has its search indexes tidied after the answer is sent.
export const POST = route({ permission: "contacts.write", body: bulkCreateSchema, maxBodyBytes: 10 * 1024 * 1024, refuseNulInBody: false, answers: bulkCreateAnswer }, async ({ user, body }) => {
  const result = await bulkCreateContacts({ actor: user, items: body });
  if (result.created >= FLUSH_AFTER_ROWS) after(flushSearchIndexes);
  return result;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
