import { z } from "zod";
import { importAnswer } from "@/lib/imports/import-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { confirmImport } from "@/lib/imports/get-import";
import { confirmImportSchema } from "@/lib/imports/schemas";

const importParams = z.object({ id: z.uuid() });

export const POST = route({ permission: "contacts.import", params: importParams, body: confirmImportSchema, answers: importAnswer }, ({ user, params, body }) =>
  confirmImport({ actor: user, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
