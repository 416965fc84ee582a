import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A waiting caller pressed a key in the hold loop (the \`<Gather>\` of a plan's callback offer): the offer's key
      leaves the line keeping their place (\`<Leave/>\`); any other key, more hold`,
  },
};
