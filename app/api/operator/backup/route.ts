import { Readable } from "node:stream";
import { dumpEmbeddedDatabase } from "@/lib/db/dump-embedded-database";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// Not a user's route: the operator token (DATA_DIR/server.operator.json) is checked by the domain function.
export const GET = route({ auth: false }, async ({ request }) => {
  const dump = await dumpEmbeddedDatabase({ operatorToken: request.headers.get("x-operator-token") });
  return new Response(Readable.toWeb(dump) as ReadableStream<Uint8Array>, { headers: { "Content-Type": "application/gzip", "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
