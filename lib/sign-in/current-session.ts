import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./next-auth-options";

/** The signed-in web session, or a redirect to the sign-in page. */
export async function requireSession() {
  const session = await getServerSession(authOptions());
  if (!session?.apiToken) redirect("/login");
  return session;
}
