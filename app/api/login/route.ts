import { login } from "@/lib/sign-in/login";
import { loginAnswer, loginSchema } from "@/lib/sign-in/schemas";
import { clientAddress, userAgentOf } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ auth: false, body: loginSchema, answers: loginAnswer }, ({ body, request }) =>
  login({ input: body, clientAddress: clientAddress(request), userAgent: userAgentOf(request) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
