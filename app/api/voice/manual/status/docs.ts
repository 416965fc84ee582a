import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Provider callbacks", ahead: "callback", summary: { POST: "Status of a call placed from the call log" } };
