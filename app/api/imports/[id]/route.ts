import { z } from "zod";
import { importAnswer } from "@/lib/imports/import-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { getImport } from "@/lib/imports/get-import";

const importParams = z.object({ id: z.uuid() });

export const GET = route({ permission: "contacts.import", params: importParams, answers: importAnswer }, ({ user, params }) => getImport({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
