import { EmptyState } from "@/components/ui/empty-state";

export default function ContactsPage() {
  return (
    <>
      <h1>Contacts</h1>
      <EmptyState title="Not available yet">The contact manager arrives with the contacts work (issue 3).</EmptyState>
    </>
  );
}
