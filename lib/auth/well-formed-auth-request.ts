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
