import { EmptyState } from "@/components/ui/empty-state";

export default function QueuePage() {
  return (
    <>
      <h1>Queue</h1>
      <EmptyState title="Not available yet">Waiting calls appear here once telephony is set up (issue 4).</EmptyState>
    </>
  );
}
