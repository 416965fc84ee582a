import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "Whether the installation still needs its first administrator (no user exists yet)",
    POST: prose`First run: create the organization, its first department and an account admin; returns the admin and a bearer
      token, as a login does`,
  },
  description: {
    GET: prose`No authentication. \`needed\` is true while the database holds no user, and false for good once any exists.`,
    POST: prose`No authentication; allowed once. The organization gets a first department named Main and the given time zone; the
      admin is an account_admin of it (in no department). Concurrent attempts, on any number of servers sharing the
      database, are serialized: exactly one succeeds, the others get 409.`,
  },
  responses: {
    POST: {
      "409": "Setup is already complete (a user exists); nothing was changed",
      "422": prose`Invalid input, named by its dotted field (errors["organization.time_zone"], errors["admin.password"]…); nothing
        was created`,
      "503": prose`Too busy (passwords being hashed at once on this server, or the database); nothing was created (Retry-After)`,
    },
  },
};
