import Link from "next/link";
import { Suspense } from "react";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { ContactsNav } from "@/components/contacts/contacts-nav";
import { PageHeader } from "@/components/ui/page-header";

export default function ContactsPage() {
  return (
    <>
      <PageHeader title="Contacts">
        <Link className="button secondary" href="/contacts/import">Import</Link>
        <Link className="button" href="/contacts/new">New contact</Link>
      </PageHeader>
      <ContactsNav current="/contacts" />
      <Suspense>
        <ContactsTable />
      </Suspense>
    </>
  );
}
