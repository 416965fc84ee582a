import type { z } from "zod";
import { oneOf } from "@/lib/http/answer-schemas";
import { DISTRIBUTIONS, type queueAnswer } from "./schemas";

export interface QueueRow {
  id: number;
  name: string | null;
  department_id: number | null;
  distribution: string;
  offer_timeout_seconds: number;
  redecline_after_seconds: number;
  wrap_up_seconds: number;
  disposition_required: boolean;
  priority: number;
  overflow_after_seconds: number | null;
  overflow_queue_id: number | null;
  required_skills: unknown;
  waiting: number;
  oldest: Date | null;
  agents_available: number;
}

/** A queue as GET /api/queues answers it. */
export function serializeQueue(row: QueueRow): z.output<typeof queueAnswer> {
  return {
    id: row.id,
    name: row.name ?? "General",
    department_id: row.department_id,
    distribution: oneOf(DISTRIBUTIONS, row.distribution, "pick"),
    offer_timeout_seconds: row.offer_timeout_seconds,
    redecline_after_seconds: row.redecline_after_seconds,
    wrap_up_seconds: row.wrap_up_seconds,
    disposition_required: row.disposition_required,
    priority: row.priority,
    overflow: row.overflow_queue_id === null || row.overflow_after_seconds === null ? null : { after_seconds: row.overflow_after_seconds, to_queue_id: row.overflow_queue_id },
    required_skills: Array.isArray(row.required_skills) ? (row.required_skills as { skill: string; min_level: number }[]) : [],
    waiting: row.waiting,
    longest_wait_seconds: row.oldest ? Math.max(0, Math.floor((Date.now() - new Date(row.oldest).getTime()) / 1000)) : 0,
    agents_available: row.agents_available,
  };
}
