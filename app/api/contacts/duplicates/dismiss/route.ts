import { dismissDuplicates } from "@/lib/contacts/dismiss-duplicates";
import { dismissDuplicatesSchema, dismissedDuplicatesAnswer } from "@/lib/contacts/duplicate-schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "contacts.write", body: dismissDuplicatesSchema, answers: dismissedDuplicatesAnswer }, ({ user, body }) =>
  dismissDuplicates({ actor: user, contactIds: body.contact_ids }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
