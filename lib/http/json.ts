// JSON responses: BigInt ids (contacts, call logs) serialize as numbers; the
// contract's ids are JSON numbers and stay far below 2^53.
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? Number(v) : v));
}

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(body === undefined ? null : toJson(body), { status, headers });
  if (body !== undefined) response.headers.set("Content-Type", "application/json");
  return response;
}
