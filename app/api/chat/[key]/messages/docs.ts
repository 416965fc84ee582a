import type { RouteDocs } from "@/lib/routes/operation-group";
import { VISITOR_AUTH, VISITOR_REFUSALS } from "../visitor-docs";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Website chat",
  summary: {
    GET: "The visitor's conversation, oldest first (`after`: only lines after this one)",
    POST: prose`The visitor writes (at most 2,000 characters, 30 a minute): it reaches the inbox as a conversation of the channel
      web, assigned like the others`,
  },
  description: {
    GET: VISITOR_AUTH,
    POST: VISITOR_AUTH,
  },
  responses: {
    GET: VISITOR_REFUSALS,
    POST: { ...VISITOR_REFUSALS, "429": "Too many messages (Retry-After)" },
  },
};
