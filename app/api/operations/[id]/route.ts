import { operationAnswer } from "@/lib/contacts/operations/operation-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { getOperation, operationParams } from "@/lib/contacts/operations/get-operation";

export const GET = route({ permission: "contacts.read", params: operationParams, answers: operationAnswer }, ({ user, params }) => getOperation({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
