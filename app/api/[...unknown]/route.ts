import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/routes/route";

// Any /api path no route claims: the contract's JSON 404, not the HTML page
// Next.js renders for unknown pages. Known paths always win over this
// catch-all, so it only answers for paths that do not exist. No token is
// asked for: a client with a typo learns the path is wrong, not that it must
// sign in.
const notFound = route({ auth: false }, () => {
  throw AppError.notFound();
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
