import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    POST: prose`Add or remove tags on, opt out, archive or restore up to 1,000 chosen contacts, or every contact matching a filter`,
  },
  description: {
    POST: prose`Give \`ids\` (up to 1,000: done inside the request, 200 \`{ action, requested, updated }\`; archiving refuses with
      409 while one is in an active campaign) or \`filter\` (the contact list's query parameters as strings, e.g. \`{
      tags: "spring", status: "active" }\`: 202 \`{ operation }\`, run in batches; archiving leaves out contacts of
      active campaigns; the result is \`{ action, updated }\`).`,
  },
  responses: {
    POST: {
      "202": "An operation over every contact the filter matches",
      "409": "Archiving chosen ids: a contact is in an active campaign",
    },
  },
};
