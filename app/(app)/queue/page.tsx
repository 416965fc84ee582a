import { MyRecentCalls } from "@/components/calls/my-recent-calls";
import { FollowUps } from "@/components/queue/follow-ups";
import { PreviewCard } from "@/components/queue/preview-card";
import { ScheduledCallbacks } from "@/components/queue/scheduled-callbacks";
import { SimulateCallButton } from "@/components/queue/simulate-call-button";
import { Voicemails } from "@/components/queue/voicemails";
import { WaitingCalls } from "@/components/queue/waiting-calls";
import { PageHeader } from "@/components/ui/page-header";

export default function QueuePage() {
  return (
    <>
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
    </>
  );
}
