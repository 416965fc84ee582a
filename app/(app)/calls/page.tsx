import { seesOwnCallsOnly } from "@/lib/auth/scope";
import { CallHistory } from "@/components/calls/call-history";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";

export const dynamic = "force-dynamic";

export default async function CallsPage() {
  const { user } = await requireSession();
  const agent = seesOwnCallsOnly(user);
  return (
    <>
      <PageHeader title={agent ? "My calls" : "Call history"} />
      <CallHistory showAgent={!agent} />
    </>
  );
}
