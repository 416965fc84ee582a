import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "The caller's organization: name, default country, time zone",
    PATCH: "Change the organization's name, default country or time zone (account_admin and above)",
  },
  description: {
    GET: prose`\`{ id, name, default_country, time_zone }\`. Any signed-in user reads it: the pages read phone numbers typed
      without \`+\` or \`00\` in \`default_country\` (ISO 3166 alpha-2; the same value as the import settings'
      \`default_country\`) and show times in \`time_zone\` (IANA).`,
    PATCH: prose`\`{ name?, default_country?, time_zone? }\`; an unknown country or time zone is 422 and changes nothing.`,
  },
};
