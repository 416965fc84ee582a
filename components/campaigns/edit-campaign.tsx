"use client";

import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { CampaignForm } from "./campaign-form";

export function EditCampaign({ id }: { id: number }) {
  const { data, error } = useApiGet("/api/campaigns/{id}", { path: { id } });
  return (
    <>
      <PageHeader title={data ? `Edit ${data.name}` : "Edit campaign"} />
      <ErrorAlert error={error} prefix="Could not load the campaign" />
      {!data && !error && <SkeletonRows />}
      {data && <CampaignForm campaign={data} />}
    </>
  );
}
