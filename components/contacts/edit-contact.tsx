"use client";

import { useApi } from "@/lib/swr/use-api";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { ContactForm } from "./contact-form";
import type { ContactView } from "./types";

export function EditContact({ id }: { id: number }) {
  const { data, error } = useApi<ContactView>(`/api/contacts/${id}?history_per_page=1`);
  return (
    <>
      <PageHeader title={data ? `Edit ${data.name}` : "Edit contact"} />
      <ErrorAlert error={error} prefix="Could not load the contact" />
      {!data && !error && <SkeletonRows />}
      {data && <ContactForm contact={data} />}
    </>
  );
}
