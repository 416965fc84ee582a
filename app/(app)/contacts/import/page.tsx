import { ContactsNav } from "@/components/contacts/contacts-nav";
import { ImportHistory } from "@/components/contacts/import-history";
import { ImportWizard } from "@/components/contacts/import-wizard";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as departments } from "@/app/api/departments/route";
import { GET as imports } from "@/app/api/imports/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function ImportPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [
    ["/api/departments?per_page=100", departments],
    ["/api/imports?per_page=10", imports],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/import" />
      <div className="stack">
        <ImportWizard />
        <ImportHistory />
      </div>
    </FirstAnswers>
  );
}
