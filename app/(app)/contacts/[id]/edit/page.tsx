import { notFound } from "next/navigation";
import { EditContact } from "@/components/contacts/edit-contact";
import { FirstAnswers } from "@/components/first-answers";
import { GET as contact } from "@/app/api/contacts/[id]/route";
import { GET as customFields } from "@/app/api/custom-fields/route";
import { GET as departments } from "@/app/api/departments/route";
import { GET as tags } from "@/app/api/tags/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../../first-answers";

export default async function EditContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  const { apiToken } = await requireSession();
  // The contact and the form's lists come with the HTML (a contact the user may not see is not among them).
  const first = await firstAnswers(apiToken, [
    [`/api/contacts/${id}?history_per_page=1`, contact, { id }],
    ["/api/custom-fields", customFields],
    ["/api/departments?per_page=100", departments],
    ["/api/tags", tags],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <EditContact id={Number(id)} />
    </FirstAnswers>
  );
}
