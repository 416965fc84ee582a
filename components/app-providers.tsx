"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { CallDock } from "@/components/softphone/call-dock";
import { SoftphoneProvider } from "@/components/softphone/softphone-provider";

export function AppProviders({ session, children }: { session: Session; children: React.ReactNode }) {
  return (
    <SessionProvider session={session}>
      <SoftphoneProvider>
        {children}
        <CallDock />
      </SoftphoneProvider>
    </SessionProvider>
  );
}
