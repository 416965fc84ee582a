import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: {
    GET: "The campaign's contacts and their dialing state",
    POST: prose`Add contacts; archived, opted-out, repeated phones and (when the campaign excludes DNC) DNC-tagged contacts are
      left out and reported`,
    DELETE: "Remove contacts",
  },
  responses: { POST: { "409": "The campaign is stopped or completed" } },
};
