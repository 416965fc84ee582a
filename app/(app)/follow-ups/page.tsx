import { FollowUpsPlace } from "@/components/queue/follow-ups-place";
import { PageHeader } from "@/components/ui/page-header";

export const dynamic = "force-dynamic";

export default function FollowUpsPage() {
  return (
    <>
      <PageHeader title="Follow-ups" />
      <FollowUpsPlace />
    </>
  );
}
