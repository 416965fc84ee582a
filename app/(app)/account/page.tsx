import { PageHeader } from "@/components/ui/page-header";
import { MySessions } from "@/components/sessions/my-sessions";

export default function AccountPage() {
  return (
    <>
      <PageHeader title="Your sessions" />
      <MySessions />
    </>
  );
}
