import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Provider callbacks", ahead: "callback", summary: { POST: "Instructions for a call placed from the call log" } };
