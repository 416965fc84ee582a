import { listMerges } from "@/lib/contacts/undo-merge";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { mergeListAnswer } from "@/lib/contacts/duplicate-schemas";

export const GET = route({ permission: "contacts.write", answers: mergeListAnswer }, ({ user }) => listMerges({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
