import { autoMergeDuplicates } from "@/lib/contacts/auto-merge-duplicates";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "contacts.write" }, ({ user }) => autoMergeDuplicates({ actor: user }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
