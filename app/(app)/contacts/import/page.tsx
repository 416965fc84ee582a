import { ContactsNav } from "@/components/contacts/contacts-nav";
import { ImportHistory } from "@/components/contacts/import-history";
import { ImportWizard } from "@/components/contacts/import-wizard";
import { PageHeader } from "@/components/ui/page-header";

export default function ImportPage() {
  return (
    <>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/import" />
      <div className="stack">
        <ImportWizard />
        <ImportHistory />
      </div>
    </>
  );
}
