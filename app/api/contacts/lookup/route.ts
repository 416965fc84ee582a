import { contactLookupAnswer, lookupContacts, lookupContactsQuery } from "@/lib/contacts/lookup-contacts";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.place", query: lookupContactsQuery, answers: contactLookupAnswer }, ({ user, query }) => lookupContacts({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
