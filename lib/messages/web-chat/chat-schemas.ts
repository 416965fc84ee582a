import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";
import { intId } from "@/lib/http/params";

// The website chat widget (issue 48, point 2): how an admin sets one up, what
// a visitor may send, and what they are answered. Shared by the routes, the
// settings page and the widget's own checks.

/** A site allowed to embed the widget, as browsers send it in Origin: scheme, host and port, nothing else. */
export const origin = z
  .string({ error: "An allowed site is its address: https://www.example.com (http only for localhost)." })
  .trim()
  .toLowerCase()
  .refine((value) => {
    try {
      const url = new URL(value);
      const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
      return (url.protocol === "https:" || (url.protocol === "http:" && local)) && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "An allowed site is its address: https://www.example.com (http only for localhost).")
  .transform((value) => value.replace(/\/$/, ""));

export const chatWidgetSchema = z.object({
  name: z.string({ error: "Name the widget." }).trim().min(1, "Name the widget.").max(100, "A name is at most 100 characters."),
  /** The department whose queues and agents answer it; null: the organization's first. */
  department_id: intId.nullable().default(null),
  allowed_origins: z.array(origin).min(1, "Name at least one site allowed to show the widget.").max(20, "At most 20 sites."),
  greeting: z.string().trim().max(300, "A greeting is at most 300 characters.").nullable().default(null),
});
export const updateChatWidgetSchema = chatWidgetSchema.partial();

export const chatWidgetAnswer = z
  .object({
    id,
    name: z.string(),
    department_id: id.nullable(),
    public_key: z.string().meta({ description: "What the script tag names: data-inbox" }),
    allowed_origins: z.array(z.string()),
    greeting: z.string().nullable(),
    snippet: z.string().meta({ description: "The script tag to put on the site" }),
    created_at: timestamp,
  })
  .meta({ id: "ChatWidget" });

/** The longest message a visitor may send (a chat line, not a letter). */
export const MAX_VISITOR_MESSAGE = 2000;

export const visitorMessageSchema = z.object({
  body: z.string({ error: "Write a message." }).trim().min(1, "Write a message.").max(MAX_VISITOR_MESSAGE, `A message is at most ${MAX_VISITOR_MESSAGE} characters.`),
});
export const visitorEmailSchema = z.object({ email: z.email({ error: "Enter an email address such as you@example.com." }).max(254) });

/** A line of the visitor's conversation, as the widget shows it: never who the agent is beyond their first name. */
export const visitorMessageAnswer = z.object({
  id,
  from: z.enum(["visitor", "agent"]),
  body: z.string(),
  agent: z.string().nullable().meta({ description: "The first name of the agent who wrote it" }),
  created_at: timestamp,
});
export const visitorAnswer = z.object({
  visitor_token: z.string().meta({ description: "Send it as X-Visitor-Token (or ?token= on the stream): it reads and writes this visitor's conversation only" }),
  greeting: z.string().nullable(),
});
export const visitorMessagesAnswer = z.object({ data: z.array(visitorMessageAnswer) });
