import { ContactForm } from "@/components/contacts/contact-form";
import { PageHeader } from "@/components/ui/page-header";

export default function NewContactPage() {
  return (
    <>
      <PageHeader title="New contact" />
      <ContactForm />
    </>
  );
}
