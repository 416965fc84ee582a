import { preflightResponse, withCors } from "@/lib/http/cors";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { importAcceptedAnswer } from "@/lib/imports/import-answer";
import { storeCsvUpload } from "@/lib/imports/store-upload";

// Multipart upload: the wrapper authenticates; the body is streamed by the
// domain function. Outside proxy.ts (which would buffer the body), so CORS is applied here.
export const POST = withCors(route({ permission: "contacts.import", status: 202, answers: importAcceptedAnswer }, ({ user, request }) => storeCsvUpload({ actor: user, request })));

export const OPTIONS = preflightResponse;

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
