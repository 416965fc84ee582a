import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Service",
  summary: {
    GET: prose`A consistent copy of the embedded database (gzipped tarball of its data folder), for \`npm run backup\``,
  },
  description: {
    GET: prose`Not for users: the operator token goes in the \`X-Operator-Token\` header, read from DATA_DIR/server.operator.json
      (mode 0600; a new token at each start), so only someone who can read the data folder can take a copy. The copy is
      taken between transactions: requests wait while the files are copied (about a second for 200 MB), not while it is
      compressed and sent. \`npm run restore\` loads it into an empty data folder. It does not hold
      DATA_DIR/secrets.json (ENCRYPTION_KEY, NEXTAUTH_SECRET): keep that apart.`,
  },
  file: { GET: "application/gzip" },
  responses: {
    GET: {
      "401": "No operator token, or not this server's",
      "409": "The server runs on PostgreSQL: back it up with pg_dump",
    },
  },
};
