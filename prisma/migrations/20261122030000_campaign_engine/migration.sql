-- CreateIndex: "dialed by any campaign within the retry delay" looks a phone up across campaigns.
CREATE INDEX "campaign_contacts_phone_last_attempt_at_idx" ON "campaign_contacts"("phone", "last_attempt_at");

-- CreateIndex: a campaign call's callbacks find their campaign contact by CallSid.
CREATE INDEX "campaign_contacts_last_call_sid_idx" ON "campaign_contacts"("last_call_sid");
