import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/json";
import { MAX_JSON_DEPTH, jsonDepthExceeds, readBodyText } from "@/lib/http/read-body";

const MAX_AUTH_BODY_BYTES = 64 * 1024;

/**
 * next-auth parses the bodies of its own routes and answers a 500 with an
 * empty body when a JSON body is malformed. Its posts are read here first: a
 * body that is too large, not JSON when it says so, or nested absurdly deep is
 * refused with the contract's error shape (400/413), and a good one is handed
 * on as a fresh request.
 */
export async function wellFormedAuthRequest(request: Request): Promise<Request | Response> {
  if (request.method !== "POST") return request;
  let text: string;
  try {
    text = await readBodyText(request, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    if (error instanceof AppError) return jsonResponse({ message: error.message }, error.status);
    throw error;
  }
  if ((request.headers.get("content-type") ?? "").includes("json") && text.trim() !== "") {
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return jsonResponse({ message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.` }, 400);
    try {
      JSON.parse(text);
    } catch {
      return jsonResponse({ message: "The request body is not valid JSON." }, 400);
    }
  }
  // next-auth reads nextUrl: the fresh request must be a NextRequest.
  return new NextRequest(request.url, { method: "POST", headers: request.headers, body: text });
}

/**
 * next-auth's answer for an action our one provider (credentials, posted
 * forms) does not serve is a 500 (GET /api/auth/callback/credentials, issue 59,
 * point 9): such requests are answered here instead, 405 for the credentials
 * callback and sign-in read with GET, 404 for a provider that does not exist.
 */
export function unservedAuthAction(method: string, path: string[]): Response | null {
  const [action, provider] = path;
  if ((action === "callback" || action === "signin") && provider !== undefined) {
    if (provider !== "credentials" || path.length > 2) return jsonResponse({ message: "Not found." }, 404);
    if (method !== "POST") return jsonResponse({ message: "Method not allowed." }, 405, { Allow: "POST" });
  }
  return null;
}
