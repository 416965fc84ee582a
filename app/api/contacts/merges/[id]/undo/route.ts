import { undoMerge } from "@/lib/contacts/undo-merge";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { undoneMergeAnswer } from "@/lib/contacts/duplicate-schemas";

export const POST = route({ permission: "contacts.write", params: bigIdParams, answers: undoneMergeAnswer }, ({ user, params }) => undoMerge({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
