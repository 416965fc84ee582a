import { seesOwnCallsOnly } from "@/lib/auth/scope";
import { CallHistory } from "@/components/calls/call-history";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";
import { GET as callLogs } from "@/app/api/voice/call-logs/route";
import { GET as dispositions } from "@/app/api/dispositions/route";
import { GET as agents } from "@/app/api/reports/agents/route";
import { firstAnswers } from "../first-answers";

export const dynamic = "force-dynamic";

export default async function CallsPage() {
  const { user, apiToken } = await requireSession();
  const agent = seesOwnCallsOnly(user);
  // The first page of calls and the filters' choices come with the HTML (the addresses CallHistory asks first).
  const first = await firstAnswers(apiToken, [
    ["/api/voice/call-logs?page=1&per_page=25", callLogs],
    ["/api/dispositions", dispositions],
    ...(agent ? [] : [["/api/reports/agents", agents] as const]),
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title={agent ? "My calls" : "Call history"} />
      <CallHistory showAgent={!agent} />
    </FirstAnswers>
  );
}
