import { PageHeader } from "@/components/ui/page-header";
import { MySessions } from "@/components/sessions/my-sessions";
import { TwoFactorPanel } from "@/components/two-factor/two-factor-panel";

export default function AccountPage() {
  return (
    <>
      <PageHeader title="Your account" />
      <div className="stack">
        <TwoFactorPanel />
        <MySessions />
      </div>
    </>
  );
}
