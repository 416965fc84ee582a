"use client";

import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { ContactForm } from "./contact-form";

export function EditContact({ id }: { id: number }) {
  const { data, error } = useApiGet("/api/contacts/{id}", { path: { id }, query: { history_per_page: 1 } });
  return (
    <>
      <PageHeader title={data ? `Edit ${data.name}` : "Edit contact"} />
      <ErrorAlert error={error} prefix="Could not load the contact" />
      {!data && !error && <SkeletonRows />}
      {data && <ContactForm contact={data} />}
    </>
  );
}
