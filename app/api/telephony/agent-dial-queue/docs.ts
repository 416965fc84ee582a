import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Provider callbacks", ahead: "callback", summary: { POST: "Connect the accepting agent to the queued call" } };
