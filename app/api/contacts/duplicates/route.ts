import { findDuplicatesQuery } from "@/lib/contacts/duplicate-schemas";
import { findDuplicates } from "@/lib/contacts/find-duplicates";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "contacts.read", query: findDuplicatesQuery }, ({ user, query }) => findDuplicates({ actor: user, query }));
