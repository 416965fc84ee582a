import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { listTags } from "@/lib/tags/list-tags";

export const GET = route({ permission: "contacts.read" }, ({ user }) => listTags({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
