import { EmptyState } from "@/components/ui/empty-state";

export default function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <EmptyState title="Not available yet">Import, duplicate, retention and telephony settings arrive with their features.</EmptyState>
    </>
  );
}
