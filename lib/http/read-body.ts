import { AppError } from "@/lib/errors/app-error";

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
  const bytes = await readAtMost(request.body, limitBytes);
  if (!bytes) throw tooLarge(limitBytes);
  return bytes.toString("utf8");
}

/** A stream's bytes, read until it ends; null (and the stream canceled) once it passes `limitBytes`. */
export async function readAtMost(body: ReadableStream<Uint8Array>, limitBytes: number): Promise<Buffer | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limitBytes: number): AppError {
  return new AppError("payload_too_large", `The request body may not be larger than ${limitBytes} bytes.`);
}

/** No request of ours nests deeper; anything deeper is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one
 * pass without recursion (brackets inside strings do not count), stopping as
 * soon as it passes `limit`. Recursive walks later (validation, JSON.stringify
 * into a jsonb column) can then never run out of stack.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 93 || c === 125 /* ] } */) depth -= 1;
  }
  return false;
}

/** Parses a JSON body; an empty body is `{}`, malformed or too deeply nested JSON is a 422. */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const text = await readBodyText(request, limitBytes);
  if (text.trim() === "") return {};
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw AppError.validation({ body: [`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`] });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.validation({ body: ["The request body is not valid JSON."] });
  }
}
