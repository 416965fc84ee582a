import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactSchema, listContactsQuery } from "@/lib/contacts/schemas";
import { contactAnswer, contactPageAnswer } from "@/lib/contacts/contact-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "contacts.read", query: listContactsQuery, answers: contactPageAnswer }, ({ user, query }) => listContacts({ actor: user, query }));

export const POST = route({ permission: "contacts.write", body: createContactSchema, status: 201, answers: contactAnswer }, ({ user, body }) => createContact({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
