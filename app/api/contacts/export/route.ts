import { exportContacts, exportContactsQuery } from "@/lib/contacts/export/export-contacts";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "contacts.read", query: exportContactsQuery }, ({ user, query }) => exportContacts({ actor: user, query }));
