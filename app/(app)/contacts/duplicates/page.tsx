import { ContactsNav } from "@/components/contacts/contacts-nav";
import { DuplicatesView } from "@/components/contacts/duplicates-view";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as duplicates } from "@/app/api/contacts/duplicates/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function DuplicatesPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [["/api/contacts/duplicates?page=1&per_page=10", duplicates]]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/duplicates" />
      <DuplicatesView />
    </FirstAnswers>
  );
}
