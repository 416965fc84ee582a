import { exportContacts, exportContactsQuery } from "@/lib/contacts/export/export-contacts";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "contacts.read", query: exportContactsQuery }, ({ user, query }) => exportContacts({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
