import { z } from "zod";
import { serviceProviderMetadata } from "@/lib/sign-in/sso/saml-service-provider";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// Our SAML metadata for one organization (its entity id is this address): public, as providers read it.
export const GET = route(
  { auth: false, params: z.object({ organization: z.coerce.number().int().positive() }) },
  ({ params }) => new Response(serviceProviderMetadata(params.organization), { headers: { "Content-Type": "application/samlmetadata+xml" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
