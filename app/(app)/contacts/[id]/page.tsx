import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ContactDetail } from "@/components/contacts/contact-detail";

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  return (
    <Suspense>
      <ContactDetail id={Number(id)} />
    </Suspense>
  );
}
