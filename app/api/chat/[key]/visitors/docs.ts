import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Website chat",
  summary: {
    POST: prose`A visitor opens the website chat (the widget's script does it): their token, which reads and writes their own
      conversation only, and the widget's greeting`,
  },
  description: {
    POST: prose`No authentication. It answers only the sites the widget allows (the browser's Origin; another site, or none: 403),
      with their own Access-Control-Allow-Origin; the visitor's token goes in X-Visitor-Token. At most 20 new visits a
      minute from one address (429).`,
  },
  responses: {
    POST: {
      "403": "Not one of the widget's sites",
      "404": "No such widget",
      "429": "Too many visits from this address (Retry-After)",
    },
  },
};
