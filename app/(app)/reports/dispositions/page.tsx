import { DispositionReport } from "@/components/reports/disposition-report";
import { PageHeader } from "@/components/ui/page-header";

export const dynamic = "force-dynamic";

export default function DispositionsReportPage() {
  return (
    <>
      <PageHeader title="Dispositions" />
      <DispositionReport />
    </>
  );
}
