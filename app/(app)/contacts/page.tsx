import Link from "next/link";
import { Suspense } from "react";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { ContactsNav } from "@/components/contacts/contacts-nav";
import { PageHeader } from "@/components/ui/page-header";
import { firstContactsPage } from "@/lib/server/first-answers";
import type { GetAnswer } from "@/lib/swr/use-api-get";
import { requireSession } from "@/lib/sign-in/current-session";

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Landing with no filter: the first page comes with the HTML (the list's largest paint, issue 45).
  const plain = Object.keys(await searchParams).length === 0;
  const { apiToken } = await requireSession();
  const first = plain ? await firstContactsPage(apiToken) : undefined;
  return (
    <>
      <PageHeader title="Contacts">
        <Link className="button secondary" href="/contacts/import">Import</Link>
        <Link className="button" href="/contacts/new">New contact</Link>
      </PageHeader>
      <ContactsNav current="/contacts" />
      <Suspense>
        <ContactsTable first={first as GetAnswer<"/api/contacts"> | undefined} />
      </Suspense>
    </>
  );
}
