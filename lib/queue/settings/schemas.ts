import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";
import { intId } from "@/lib/http/params";
import { requiredSkillsSchema } from "@/lib/agents/skills/schemas";

// A queue as a resource (issue 44, point 1): how its callers are distributed.
// "pick" is the specification's queue (agents choose from the list); "offer"
// has the engine offer each call to one agent at a time.

export const DISTRIBUTIONS = ["pick", "offer"] as const;

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `The ${field} must be a whole number from ${min} to ${max}.` })
    .int(`The ${field} must be a whole number from ${min} to ${max}.`)
    .min(min, `The ${field} must be a whole number from ${min} to ${max}.`)
    .max(max, `The ${field} must be a whole number from ${min} to ${max}.`);

export const overflowSchema = z.strictObject({
  after_seconds: whole("after_seconds", 1, 3600),
  to_queue_id: intId,
});

/** PATCH /api/queues/{id}: any of the settings; what is left out stays. */
export const updateQueueSchema = z
  .strictObject({
    distribution: z.enum(DISTRIBUTIONS, { error: "The distribution is pick or offer." }),
    offer_timeout_seconds: whole("offer_timeout_seconds", 5, 120),
    redecline_after_seconds: whole("redecline_after_seconds", 0, 300),
    wrap_up_seconds: whole("wrap_up_seconds", 0, 600),
    disposition_required: z.boolean({ error: "disposition_required is true or false." }),
    priority: whole("priority", 0, 10),
    overflow: overflowSchema.nullable(),
    required_skills: requiredSkillsSchema,
  })
  .partial();
export type UpdateQueueInput = z.infer<typeof updateQueueSchema>;

export const queueAnswer = z.object({
  id,
  name: z.string().meta({ description: "The department's name; General for the organization's general queue" }),
  department_id: id.nullable().meta({ description: "null: the organization's general queue" }),
  distribution: z.enum(DISTRIBUTIONS),
  offer_timeout_seconds: z.number().int(),
  redecline_after_seconds: z.number().int().meta({ description: "An agent who declined a call is offered it again only when no other qualified agent is free, and this many seconds after declining" }),
  wrap_up_seconds: z.number().int().meta({ description: "0: the agent ends wrap-up themselves" }),
  disposition_required: z.boolean(),
  priority: z.number().int().meta({ description: "0-10: a free agent is offered the call of the highest priority queue they serve first" }),
  overflow: z.object({ after_seconds: z.number().int(), to_queue_id: id }).nullable(),
  required_skills: z.array(z.object({ skill: z.string(), min_level: z.number().int() })),
  waiting: z.number().int().meta({ description: "Callers waiting now" }),
  longest_wait_seconds: z.number().int().meta({ description: "How long the longest waiting caller has waited; 0 with none" }),
  agents_available: z.number().int().meta({ description: "Available agents who serve the queue" }),
});
export const queuePageAnswer = z.object({
  data: z.array(queueAnswer),
  meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
});
