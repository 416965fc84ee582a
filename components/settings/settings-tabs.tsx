"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { CustomFieldsManager } from "./custom-fields-manager";
import { DispositionsManager } from "./dispositions-manager";
import { DuplicateSettingsForm } from "./duplicate-settings-form";
import { ImportSettingsForm } from "./import-settings-form";
import { IntegrationKeysManager } from "./integration-keys-manager";
import { WebhooksManager } from "./webhooks-manager";
import { OrganizationSettingsForm } from "./organization-settings-form";
import { RetentionSettingsForm } from "./retention-settings-form";
import { RoutingSettingsForm } from "./routing-settings-form";
import { TemplateManager } from "@/components/messages/template-manager";
import { SmsSettingsForm } from "./sms-settings-form";
import { TelephonySettingsForm } from "./telephony-settings-form";
import { SecuritySettingsForm } from "./security-settings-form";
import { SsoSettingsForm } from "./sso-settings-form";
import { RecordingAccessSetting } from "./recording-access-setting";
import { RecordingConsentSetting } from "./recording-consent-setting";
import { PaymentStepSetting } from "./payment-step-setting";
import { WhatsappSetting } from "./whatsapp-setting";
import { ChatWidgetsManager } from "./chat-widgets-manager";

/** Other systems: their API keys, then the webhooks that tell them what happened. */
function IntegrationsPanel() {
  return (
    <div className="stack">
      <IntegrationKeysManager />
      <WebhooksManager />
      <ChatWidgetsManager />
    </div>
  );
}

/** The provider account, then texting: numbers, HELP answer, quiet hours, saved replies. */
function TelephonyPanel() {
  return (
    <div className="stack">
      <TelephonySettingsForm />
      <RecordingAccessSetting />
      <RecordingConsentSetting />
      <PaymentStepSetting />
      <SmsSettingsForm />
      <WhatsappSetting />
      <TemplateManager />
    </div>
  );
}

function SecurityPanel() {
  return (
    <div className="stack">
      <SecuritySettingsForm />
      <SsoSettingsForm />
    </div>
  );
}

const TABS = [
  { key: "organization", label: "Organization", panel: OrganizationSettingsForm },
  { key: "import", label: "Import", panel: ImportSettingsForm },
  { key: "duplicates", label: "Duplicates", panel: DuplicateSettingsForm },
  { key: "retention", label: "Retention", panel: RetentionSettingsForm },
  { key: "telephony", label: "Telephony", panel: TelephonyPanel },
  { key: "routing", label: "Routing", panel: RoutingSettingsForm },
  { key: "dispositions", label: "Dispositions", panel: DispositionsManager },
  { key: "custom-fields", label: "Custom fields", panel: CustomFieldsManager },
  { key: "integrations", label: "Integrations", panel: IntegrationsPanel },
  { key: "security", label: "Security", panel: SecurityPanel },
] as const;

export function SettingsTabs() {
  const params = useSearchParams();
  const router = useRouter();
  const current = TABS.find((t) => t.key === params.get("tab")) ?? TABS[0];
  const Panel = current.panel;
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Settings sections">
        {TABS.map((tab) => (
          <button key={tab.key} type="button" role="tab" aria-selected={tab.key === current.key} onClick={() => router.replace(`/settings?tab=${tab.key}`, { scroll: false })}>
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current.label}>
        <Panel key={current.key} />
      </div>
    </>
  );
}
