import { MyRecentCalls } from "@/components/calls/my-recent-calls";
import { FollowUps } from "@/components/queue/follow-ups";
import { PreviewCard } from "@/components/queue/preview-card";
import { ScheduledCallbacks } from "@/components/queue/scheduled-callbacks";
import { SimulateCallButton } from "@/components/queue/simulate-call-button";
import { Voicemails } from "@/components/queue/voicemails";
import { WaitingCalls } from "@/components/queue/waiting-calls";
import { PageHeader } from "@/components/ui/page-header";
import { FirstAnswers } from "@/components/first-answers";
import { GET as queueCalls } from "@/app/api/queue/calls/route";
import { GET as voicemails } from "@/app/api/voicemails/route";
import { GET as callbacks } from "@/app/api/callbacks/route";
import { GET as abandoned } from "@/app/api/queue/abandoned/route";
import { GET as callLogs } from "@/app/api/voice/call-logs/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export default async function QueuePage() {
  const { apiToken } = await requireSession();
  // The page's lists come with its HTML (the addresses are the ones its hooks ask).
  const first = await firstAnswers(apiToken, [
    ["/api/queue/calls", queueCalls],
    ["/api/voicemails", voicemails],
    ["/api/callbacks", callbacks],
    ["/api/queue/abandoned", abandoned],
    ["/api/voice/call-logs?per_page=6", callLogs],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Queue">
        <SimulateCallButton />
      </PageHeader>
      <div className="grid-2">
        <div className="stack">
          <WaitingCalls />
          <Voicemails />
          <ScheduledCallbacks />
          <FollowUps />
        </div>
        <div className="stack">
          <PreviewCard />
          <MyRecentCalls />
        </div>
      </div>
    </FirstAnswers>
  );
}
