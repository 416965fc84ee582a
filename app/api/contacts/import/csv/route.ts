import { route } from "@/lib/http/route";
import { storeCsvUpload } from "@/lib/imports/store-upload";

// Multipart upload: the wrapper authenticates; the body is streamed by the domain function.
export const POST = route({ permission: "contacts.import", status: 202 }, ({ user, request }) => storeCsvUpload({ actor: user, request }));
