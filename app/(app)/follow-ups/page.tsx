import { FollowUpsPlace } from "@/components/queue/follow-ups-place";
import { PageHeader } from "@/components/ui/page-header";
import { FirstAnswers } from "@/components/first-answers";
import { GET as voicemails } from "@/app/api/voicemails/route";
import { GET as abandoned } from "@/app/api/queue/abandoned/route";
import { GET as callbacks } from "@/app/api/callbacks/route";
import { GET as departments } from "@/app/api/departments/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export const dynamic = "force-dynamic";

export default async function FollowUpsPage() {
  const { apiToken } = await requireSession();
  // The three lists come with the HTML (the addresses are the ones their hooks ask).
  const first = await firstAnswers(apiToken, [
    ["/api/voicemails", voicemails],
    ["/api/queue/abandoned", abandoned],
    ["/api/callbacks", callbacks],
    ["/api/departments?per_page=100", departments],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Follow-ups" />
      <FollowUpsPlace />
    </FirstAnswers>
  );
}
