import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "Find contacts by phone number or quick search (the softphone's screen pop and dialer)" },
};
