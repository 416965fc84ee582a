import { Wallboard } from "@/components/reports/wallboard";
import { PageHeader } from "@/components/ui/page-header";

export default function WallboardPage() {
  return (
    <>
      <PageHeader title="Live wallboard" />
      <Wallboard />
    </>
  );
}
