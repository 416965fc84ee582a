import { ContactsNav } from "@/components/contacts/contacts-nav";
import { TagManager } from "@/components/contacts/tag-manager";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as tags } from "@/app/api/tags/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function TagsPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [["/api/tags", tags]]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Contacts" />
      <ContactsNav current="/contacts/tags" />
      <TagManager />
    </FirstAnswers>
  );
}
