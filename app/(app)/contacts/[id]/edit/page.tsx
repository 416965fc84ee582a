import { notFound } from "next/navigation";
import { EditContact } from "@/components/contacts/edit-contact";

export default async function EditContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  return <EditContact id={Number(id)} />;
}
