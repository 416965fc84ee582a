import { ContactsNav } from "@/components/contacts/contacts-nav";
import { DuplicatesView } from "@/components/contacts/duplicates-view";
import { PageHeader } from "@/components/ui/page-header";

export default function DuplicatesPage() {
  return (
    <>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/duplicates" />
      <DuplicatesView />
    </>
  );
}
