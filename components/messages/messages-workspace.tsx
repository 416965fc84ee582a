"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { SmsSettingsForm } from "@/components/settings/sms-settings-form";
import { ConversationList } from "./conversation-list";
import { SimulateSmsButton } from "./simulate-sms-button";
import { TemplateManager } from "./template-manager";
import { ThreadView } from "./thread-view";

/** The Messages page: conversations on the left, the open one beside them (its id in ?c= so a reload keeps it). */
export function MessagesWorkspace({ userId, canOpenContacts, canManage }: { userId: number; canOpenContacts: boolean; canManage: boolean }) {
  const router = useRouter();
  const search = useSearchParams();
  const selected = Number(search.get("c")) || null;
  const simulator = useApiGet("/api/dev/simulator", {});
  const { mutate } = useSWRConfig();
  // Every conversation list on the page (whatever its filters) reloads now rather than at its next poll.
  const refreshLists = useCallback(() => void mutate((key) => Array.isArray(key) && typeof key[0] === "string" && key[0].startsWith("/api/conversations?")), [mutate]);

  return (
    <>
      <PageHeader title="Messages">{simulator.data?.enabled && <SimulateSmsButton onArrived={refreshLists} />}</PageHeader>
      <div className="messages-layout">
        <ConversationList selected={selected} onSelect={(id) => router.replace(`/messages?c=${id}`)} />
        {selected ? (
          <ThreadView key={selected} id={selected} userId={userId} canOpenContacts={canOpenContacts} simulator={Boolean(simulator.data?.enabled)} onChanged={refreshLists} />
        ) : (
          <EmptyState title="Pick a conversation">Choose a conversation on the left to read and answer it.</EmptyState>
        )}
      </div>
      {canManage && (
        <details className="stack" style={{ marginTop: 16 }}>
          <summary>Texting settings and saved replies</summary>
          <SmsSettingsForm />
          <TemplateManager />
        </details>
      )}
    </>
  );
}
