import { z } from "zod";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { messageMediaFile } from "@/lib/messages/message-media-file";
import { route } from "@/lib/routes/route";

const params = bigIdParams.extend({ position: z.coerce.number().int().min(0).max(9) });

// Shown by the thread's <img> and <audio> elements, which send the session cookie, not a bearer token.
export const GET = route({ permission: "messages.read", params, webSession: true }, ({ user, params }) => messageMediaFile({ actor: user, messageId: params.id, position: params.position }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
