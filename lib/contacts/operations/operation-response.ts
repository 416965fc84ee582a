import { jsonResponse } from "@/lib/http/json";
import type { ApiOperation } from "./serialize-operation";

/**
 * The answer of a route whose work may run as an operation: 202 with the
 * operation (and where to follow it) when it does, the result itself when the
 * work was small enough to finish inside the request.
 */
export function operationOrResult<T extends object>(outcome: T | { operation: ApiOperation }): Response | T {
  if ("operation" in outcome) return jsonResponse(outcome, 202, { Location: outcome.operation.url });
  return outcome;
}
