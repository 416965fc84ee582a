// next-auth's own handler (sign-in form posts, session, sign-out). It is the one
// API route outside lib/http's wrapper: next-auth speaks its own protocol; the
// credentials it checks go through lib/auth/login like POST /api/login.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/sign-in/next-auth-options";
import { unservedAuthAction, wellFormedAuthRequest } from "@/lib/auth/well-formed-auth-request";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const params = await context.params;
  const refused = unservedAuthAction(request.method, params.nextauth);
  if (refused) return refused;
  const checked = await wellFormedAuthRequest(request);
  if (checked instanceof Response) return checked;
  return NextAuth(authOptions())(checked, { params });
}

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
