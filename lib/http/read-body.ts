import { AppError } from "./errors";

export const ONE_MEGABYTE = 1024 * 1024;

/**
 * Reads a request body as text, refusing (413) anything over the limit: first
 * by the declared Content-Length, then while streaming, so an oversized body
 * is never held whole.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limitBytes) throw tooLarge(limitBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(limitBytes: number): AppError {
  return new AppError("payload_too_large", `The request body may not be larger than ${limitBytes} bytes.`);
}

/** Parses a JSON body; an empty body is `{}`, malformed JSON is a 422. */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const text = await readBodyText(request, limitBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.validation({ body: ["The request body is not valid JSON."] });
  }
}
