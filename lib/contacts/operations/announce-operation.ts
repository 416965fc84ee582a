import "server-only";
import { publishSelected, throttled } from "@/lib/events/publish-event";

/** "operation.progress" for whoever may read the operation (its owner, their department's manager, the admins). */
export function announceOperation(id: string, { final = false }: { final?: boolean } = {}): Promise<void> {
  return throttled(
    `operation-${id}`,
    () =>
      publishSelected(
        {
          type: "operation.progress",
          record: { organization_id: "organization_id", department_id: "department_id", user_id: "user_id" },
          data: { operation_id: "id", kind: "kind", status: "status", progress: "progress" },
          from: "FROM operations WHERE id = $1::uuid",
        },
        [id],
      ),
    { immediate: final },
  );
}
