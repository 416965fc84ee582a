import { importPageAnswer } from "@/lib/imports/import-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { listImports, listImportsQuery } from "@/lib/imports/get-import";

export const GET = route({ permission: "contacts.import", query: listImportsQuery, answers: importPageAnswer }, ({ user, query }) => listImports({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
