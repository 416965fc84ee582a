import { oneOf } from "@/lib/http/answer-schemas";
import { OPERATION_KIND_NAMES, OPERATION_STATUSES, type OperationAnswer } from "./operation-answer";

export const operationSelect = {
  id: true,
  kind: true,
  status: true,
  input: true,
  total: true,
  done: true,
  changed: true,
  progress: true,
  result: true,
  error: true,
  user_id: true,
  created_at: true,
  started_at: true,
  finished_at: true,
} as const;

interface Row {
  id: string;
  kind: string;
  status: string;
  input: unknown;
  total: number;
  done: number;
  changed: number;
  progress: number;
  result: unknown;
  error: string | null;
  user_id: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A long operation as the API shows it (GET /api/operations/{id}). */
export function serializeOperation(op: Row): OperationAnswer {
  return {
    id: op.id,
    kind: oneOf(OPERATION_KIND_NAMES, op.kind, "contacts.bulk"),
    status: oneOf(OPERATION_STATUSES, op.status, "queued"),
    input: op.input,
    total: op.total,
    done: op.done,
    changed: op.changed,
    progress: op.progress,
    result: op.result ?? null,
    error: op.error,
    user_id: op.user_id,
    created_at: op.created_at,
    started_at: op.started_at,
    finished_at: op.finished_at,
    url: `/api/operations/${op.id}`,
  };
}

export type ApiOperation = OperationAnswer;
