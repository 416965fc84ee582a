import { ContactForm } from "@/components/contacts/contact-form";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as customFields } from "@/app/api/custom-fields/route";
import { GET as departments } from "@/app/api/departments/route";
import { GET as tags } from "@/app/api/tags/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function NewContactPage() {
  const { apiToken } = await requireSession();
  // The form's lists (custom fields, departments, tags) come with the HTML: it is drawn whole at once.
  const first = await firstAnswers(apiToken, [
    ["/api/custom-fields", customFields],
    ["/api/departments?per_page=100", departments],
    ["/api/tags", tags],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="New contact" />
      <ContactForm />
    </FirstAnswers>
  );
}
