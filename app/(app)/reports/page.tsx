import { EmptyState } from "@/components/ui/empty-state";

export default function ReportsPage() {
  return (
    <>
      <h1>Reports</h1>
      <EmptyState title="Not available yet">Reports and the wallboard arrive with the reporting work (issue 8).</EmptyState>
    </>
  );
}
