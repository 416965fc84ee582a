import { autoMergeDuplicates } from "@/lib/contacts/auto-merge-duplicates";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "contacts.write" }, ({ user }) => autoMergeDuplicates({ actor: user }));
