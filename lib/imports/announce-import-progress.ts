import "server-only";
import { publishSelected, throttled } from "@/lib/events/publish-event";

/** "import.progress" for whoever may read the import (its uploader, their manager, the admins). */
export function announceImportProgress(importId: string, { final = false }: { final?: boolean } = {}): Promise<void> {
  return throttled(
    `import-${importId}`,
    () =>
      publishSelected(
        {
          type: "import.progress",
          record: { organization_id: "organization_id", department_id: "department_id", user_id: "user_id" },
          data: { import_id: "id", status: "status", progress: "progress" },
          from: "FROM import_jobs WHERE id = $1::uuid",
        },
        [importId],
      ),
    { immediate: final },
  );
}
