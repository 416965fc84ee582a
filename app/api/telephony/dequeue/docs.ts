import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Provider callbacks", ahead: "callback", summary: { POST: "A queued call left the queue" } };
