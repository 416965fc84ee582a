import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/http/route";

export const POST = route({ auth: false, body: loginSchema }, ({ body, request }) =>
  login({ input: body, clientAddress: clientAddress(request) }),
);
