import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`The organization's integration keys (API keys for systems): name, scopes, status, expiry, last use; never a secret`,
    POST: "Create an integration key; its secret is in this answer only",
  },
  description: {
    POST: prose`\`{ name, scopes: { contacts | calls | campaigns | messages | reports | users | scim: read | write },
      organization_key?, expires_at? }\`. A key is its maker's: it answers 401 once they are deactivated or their role
      may no longer make keys; \`organization_key: true\` makes it the organization's instead, working until revoked or
      expired whoever made it. The answer's \`secret\` (\`cck_<id>_<random>\`) goes in the same \`Authorization:
      Bearer\` header as a user's token; only its SHA-256 is kept. A key acts for the organization (an admin's reach)
      within its scopes: reading (GET) needs read or write on the route's family, anything else write; routes of no
      family (settings, users' accounts, keys, the queue, placing or monitoring calls, event streams) answer 403. Every
      request made with a key is in the audit log (\`integration_key.request\`: method, path, status). An expired or
      revoked key is 401.`,
  },
};
