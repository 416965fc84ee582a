import { ContactsNav } from "@/components/contacts/contacts-nav";
import { TagManager } from "@/components/contacts/tag-manager";
import { PageHeader } from "@/components/ui/page-header";

export default function TagsPage() {
  return (
    <>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/tags" />
      <TagManager />
    </>
  );
}
