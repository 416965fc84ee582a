import { bulkContactAction, bulkContactActionSchema } from "@/lib/contacts/bulk-contact-action";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "contacts.write", body: bulkContactActionSchema }, ({ user, body }) =>
  bulkContactAction({ actor: user, input: body }),
);
