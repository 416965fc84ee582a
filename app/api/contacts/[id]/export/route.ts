import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { exportContact } from "@/lib/contacts/privacy/export-contact";
import { route } from "@/lib/routes/route";

// A zip (application/zip), streamed: the document says so through `file` in docs.ts beside it.
export const GET = route({ permission: "personal_data.manage", params: bigIdParams }, ({ user, params }) => exportContact({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
