import { notFound } from "next/navigation";
import { ContactDetail } from "@/components/contacts/contact-detail";
import { FirstAnswers } from "@/components/first-answers";
import { GET as contact } from "@/app/api/contacts/[id]/route";
import { GET as timeline } from "@/app/api/contacts/[id]/timeline/route";
import { GET as customFields } from "@/app/api/custom-fields/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  const { apiToken } = await requireSession();
  // The contact and the first page of their timeline come with the HTML; a contact the user may not
  // see is not among them (the route's own answer), and the page says so as it always did.
  const first = await firstAnswers(apiToken, [
    [`/api/contacts/${id}?history_per_page=1`, contact, { id }],
    [`/api/contacts/${id}/timeline?page=1&per_page=15`, timeline, { id }],
    ["/api/custom-fields", customFields],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <ContactDetail id={Number(id)} />
    </FirstAnswers>
  );
}
