import { Suspense } from "react";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { PageHeader } from "@/components/ui/page-header";

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <Suspense>
        <SettingsTabs />
      </Suspense>
    </>
  );
}
