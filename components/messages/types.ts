// What the Messages page reads from the API, typed from the OpenAPI document (lib/messages/serialize-*.ts).

import type { GetAnswer } from "@/lib/swr/use-api-get";

/** A conversation as the list and a thread answer it. */
export type ConversationRow = GetAnswer<"/api/conversations">["data"][number];

/** A thread's newest page (GET /api/conversations/{id}/messages). */
export type Thread = GetAnswer<"/api/conversations/{id}/messages">;

export type MessageRow = Thread["data"][number];

