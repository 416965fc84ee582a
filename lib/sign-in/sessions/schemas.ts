import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// Sessions you can see (issue 46, point 5): every bearer token a user holds is
// a session, a browser's sign-in ("web") or an API login ("api"), with where
// it came from and when it was last used. Ending one revokes its token; its
// pages sign out at their next request and its event streams close at once.

export const SESSION_KINDS = ["web", "api"] as const;

export const sessionAnswer = z
  .object({
    id,
    kind: z.enum(SESSION_KINDS),
    device: z.string().meta({ description: 'The browser and system the sign-in came from, in words ("Chrome on Linux"); "Unknown device" without a User-Agent.' }),
    user_agent: z.string().nullable(),
    address: z.string().nullable().meta({ description: "The client address the sign-in came from (the rate limits' address)." }),
    created_at: timestamp,
    last_used_at: timestamp.nullable().meta({ description: "Kept to within five minutes." }),
    expires_at: timestamp,
    current: z.boolean().meta({ description: "The session this request was made with." }),
  })
  .meta({ id: "Session" });

export const sessionsAnswer = z.object({ data: z.array(sessionAnswer) });
export const endedSessionsAnswer = z.object({ ended: z.number().int() });
