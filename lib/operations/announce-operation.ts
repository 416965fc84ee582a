import "server-only";
import { publishSelected, throttled } from "@/lib/events/publish-event";

/** "operation.progress" for whoever may read the operation (its owner, their department's manager, the admins). */
export function announceOperation(id: string, { final = false }: { final?: boolean } = {}): Promise<void> {
  return throttled(`operation-${id}`, () =>
    publishSelected(
      `SELECT organization_id, department_id, user_id, NULL::int, 'import', 'operation.progress',
              jsonb_build_object('operation_id', id, 'kind', kind, 'status', status, 'progress', progress)
       FROM operations WHERE id = $1::uuid`,
      [id],
    ), { immediate: final });
}
