import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { buildOpenApiDocument } from "@/lib/routes/build-openapi-document";
import { env } from "@/lib/env";
import { OPERATIONS } from "../operations";

// The API's OpenAPI 3.1 document, public like any API reference. Built from
// the route handlers themselves on first request.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const GET = route({ auth: false }, () => (document ??= buildOpenApiDocument(OPERATIONS, env().APP_URL)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
