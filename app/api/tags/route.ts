import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { tagListAnswer } from "@/lib/contacts/tags/tag-answer";
import { listTags } from "@/lib/contacts/tags/list-tags";

export const GET = route({ permission: "contacts.read", answers: tagListAnswer }, ({ user }) => listTags({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
