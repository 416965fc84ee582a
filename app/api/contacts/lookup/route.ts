import { lookupContacts, lookupContactsQuery } from "@/lib/contacts/lookup-contacts";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "calls.place", query: lookupContactsQuery }, ({ user, query }) => lookupContacts({ actor: user, query }));
