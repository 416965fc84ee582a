import { operationPageAnswer } from "@/lib/contacts/operations/operation-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { listOperations, listOperationsQuery } from "@/lib/contacts/operations/get-operation";

export const GET = route({ permission: "contacts.read", query: listOperationsQuery, answers: operationPageAnswer }, ({ user, query }) => listOperations({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
