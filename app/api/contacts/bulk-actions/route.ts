import { bulkContactAction, bulkContactActionSchema } from "@/lib/contacts/bulk-contact-action";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "contacts.write", body: bulkContactActionSchema }, ({ user, body }) =>
  bulkContactAction({ actor: user, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
