import { restoreContact } from "@/lib/contacts/restore-contact";
import { contactAnswer } from "@/lib/contacts/contact-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "contacts.write", params: bigIdParams, answers: contactAnswer }, ({ user, params }) => restoreContact({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
