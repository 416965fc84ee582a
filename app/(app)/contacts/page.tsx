import { Link } from "@/components/ui/link";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { ContactsNav } from "@/components/contacts/contacts-nav";
import { PageHeader } from "@/components/ui/page-header";
import { FirstAnswers } from "@/components/first-answers";
import { GET as contacts } from "@/app/api/contacts/route";
import { GET as departments } from "@/app/api/departments/route";
import { GET as tags } from "@/app/api/tags/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { apiToken } = await requireSession();
  // Landing with no filter (the usual way in): the first page of the list comes with the HTML.
  const params = await searchParams;
  const plain = Object.keys(params).length === 0;
  const first = await firstAnswers(apiToken, [...(plain ? [["/api/contacts?page=1&per_page=25", contacts] as const] : []), ["/api/departments?per_page=100", departments], ["/api/tags", tags]]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Contacts">
        <Link className="button secondary" href="/contacts/import">
          Import
        </Link>
        <Link className="button" href="/contacts/new">
          New contact
        </Link>
      </PageHeader>
      <ContactsNav current="/contacts" />
      {params.erased === "1" && (
        <div className="success" role="status" style={{ marginBottom: 12 }}>
          The person&apos;s data was erased. The audit log says by whom and how much.
        </div>
      )}
      {/* No Suspense boundary of its own: the table (its address's filters) is drawn in the first flush of the
          page, not streamed behind a boundary that React reveals a frame or a throttle later (its largest paint). */}
      <ContactsTable />
    </FirstAnswers>
  );
}
