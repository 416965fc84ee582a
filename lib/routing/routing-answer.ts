import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";
import { roleSchema } from "@/lib/users/schemas";

// What Settings → Routing's helpers answer: the queues and who serves them
// (queue-members.ts), and a plan's greeting as TwiML (preview-greeting.ts).

const server = z.object({
  id,
  name: z.string(),
  role: roleSchema,
  via: z.enum(["department", "member"]).meta({ description: "department: a user of the queue's department; member: named a member from another" }),
});

export const queueAnswer = z.object({
  department_id: id.nullable().meta({ description: "null: the organization's general queue" }),
  name: z.string(),
  served_by_everyone: z.boolean(),
  servers: z.array(server).meta({ description: "Admins serve every queue and are not listed" }),
});

export const queueListAnswer = z.object({
  data: z.array(queueAnswer),
  users: z.array(z.object({ id, name: z.string(), role: roleSchema, department_id: id.nullable(), serves_every_queue: z.boolean() })).meta({ description: "The organization's active users, to add as members" }),
});

export const greetingPreviewAnswer = z.object({
  open_now: z.boolean().meta({ description: "The plan's hours are open now, in its time zone" }),
  time_zone: z.string(),
  twiml: z.string().meta({ description: "What a call to the plan's numbers would be answered with now" }),
});
