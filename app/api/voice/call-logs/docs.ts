import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Calls", summary: { GET: "Call logs in the caller's scope" }, description: { GET: LIST_NOTE } };
