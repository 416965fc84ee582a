import { duplicateGroupPageAnswer, findDuplicatesQuery } from "@/lib/contacts/duplicate-schemas";
import { findDuplicates } from "@/lib/contacts/find-duplicates";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "contacts.read", query: findDuplicatesQuery, answers: duplicateGroupPageAnswer }, ({ user, query }) => findDuplicates({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
