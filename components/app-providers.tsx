"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { EventStreamProvider } from "@/components/live/event-stream-provider";
import { CallDock } from "@/components/softphone/call-dock";
import { SoftphoneProvider } from "@/components/softphone/softphone-provider";

export function AppProviders({ session, children }: { session: Session; children: React.ReactNode }) {
  return (
    <SessionProvider session={session}>
      <EventStreamProvider>
        <SoftphoneProvider>
          {children}
          <CallDock />
        </SoftphoneProvider>
      </EventStreamProvider>
    </SessionProvider>
  );
}
