import { EmptyState } from "@/components/ui/empty-state";

export default function CallsPage() {
  return (
    <>
      <h1>Calls</h1>
      <EmptyState title="Not available yet">Your call history will be listed here (issue 4).</EmptyState>
    </>
  );
}
