import { EmptyState } from "@/components/ui/empty-state";

export default function DialerPage() {
  return (
    <>
      <h1>Dialer</h1>
      <EmptyState title="Not available yet">The browser softphone arrives with the telephony work (issue 4).</EmptyState>
    </>
  );
}
