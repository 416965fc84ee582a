import { mergeContactsSchema } from "@/lib/contacts/duplicate-schemas";
import { mergeContacts } from "@/lib/contacts/merge-contacts";
import { mergedContactAnswer } from "@/lib/contacts/contact-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "contacts.write", body: mergeContactsSchema, answers: mergedContactAnswer }, ({ user, body }) => mergeContacts({ actor: user, input: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
