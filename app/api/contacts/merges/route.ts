import { listMerges } from "@/lib/contacts/undo-merge";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "contacts.write" }, ({ user }) => listMerges({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
