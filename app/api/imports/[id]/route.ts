import { z } from "zod";
import { route } from "@/lib/http/route";
import { getImport } from "@/lib/imports/get-import";

const importParams = z.object({ id: z.uuid() });

export const GET = route({ permission: "contacts.import", params: importParams }, ({ user, params }) => getImport({ actor: user, id: params.id }));
