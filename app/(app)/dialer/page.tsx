import { Suspense } from "react";
import { Dialer } from "@/components/dialer/dialer";
import { PageHeader } from "@/components/ui/page-header";

export default function DialerPage() {
  return (
    <>
      <PageHeader title="Dialer" />
      <Suspense>
        <Dialer />
      </Suspense>
    </>
  );
}
