import "server-only";
import * as agentStatus from "@/app/api/agent/status/route";
import * as contactMerges from "@/app/api/contacts/merges/route";
import * as duplicateDismiss from "@/app/api/contacts/duplicates/dismiss/route";
import * as contactMergeUndo from "@/app/api/contacts/merges/[id]/undo/route";
import * as auditLog from "@/app/api/audit-log/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import * as authLogin from "@/app/api/auth/login/route";
import * as campaignContacts from "@/app/api/campaigns/[id]/contacts/route";
import * as campaignDryRun from "@/app/api/campaigns/[id]/dry-run/route";
import * as campaignDryRunContacts from "@/app/api/campaigns/[id]/dry-run/contacts/route";
import * as campaignPause from "@/app/api/campaigns/[id]/pause/route";
import * as campaignResume from "@/app/api/campaigns/[id]/resume/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import * as campaignStart from "@/app/api/campaigns/[id]/start/route";
import * as campaignStats from "@/app/api/campaigns/[id]/stats/route";
import * as campaignStop from "@/app/api/campaigns/[id]/stop/route";
import * as previewSkip from "@/app/api/campaigns/preview/[id]/skip/route";
import * as previewNext from "@/app/api/campaigns/preview/next/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as contactRestore from "@/app/api/contacts/[id]/restore/route";
import * as contactTimeline from "@/app/api/contacts/[id]/timeline/route";
import * as operationsList from "@/app/api/operations/route";
import * as operationOne from "@/app/api/operations/[id]/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as contactBulkActions from "@/app/api/contacts/bulk-actions/route";
import * as contactBulk from "@/app/api/contacts/bulk/route";
import * as autoMerge from "@/app/api/contacts/duplicates/auto-merge/route";
import * as duplicates from "@/app/api/contacts/duplicates/route";
import * as contactExport from "@/app/api/contacts/export/route";
import * as importCsv from "@/app/api/contacts/import/csv/route";
import * as importSpreadsheet from "@/app/api/contacts/import/spreadsheet/route";
import * as contactLookup from "@/app/api/contacts/lookup/route";
import * as contactMerge from "@/app/api/contacts/merge/route";
import * as contacts from "@/app/api/contacts/route";
import * as customFieldArchive from "@/app/api/custom-fields/[id]/archive/route";
import * as customField from "@/app/api/custom-fields/[id]/route";
import * as customFieldOrder from "@/app/api/custom-fields/order/route";
import * as customFields from "@/app/api/custom-fields/route";
import * as departments from "@/app/api/departments/route";
import * as simulator from "@/app/api/dev/simulator/route";
import * as simulatedRecording from "@/app/api/dev/recordings/[call_sid]/route";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import * as operatorBackup from "@/app/api/operator/backup/route";
import * as setup from "@/app/api/setup/route";
import * as importConfirm from "@/app/api/imports/[id]/confirm/route";
import * as importOne from "@/app/api/imports/[id]/route";
import * as imports from "@/app/api/imports/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as organizations from "@/app/api/organizations/route";
import * as queueAccept from "@/app/api/queue/calls/[id]/accept/route";
import * as queueCalls from "@/app/api/queue/calls/route";
import * as reportAgents from "@/app/api/reports/agents/route";
import * as reportCampaigns from "@/app/api/reports/campaigns/route";
import * as reportDaily from "@/app/api/reports/daily/route";
import * as reportHourly from "@/app/api/reports/hourly/route";
import * as reportLive from "@/app/api/reports/live/route";
import * as reportSummary from "@/app/api/reports/summary/route";
import * as reportTags from "@/app/api/reports/tags/route";
import * as reportDispositions from "@/app/api/reports/dispositions/route";
import * as draft from "@/app/api/drafts/[kind]/[ref]/route";
import * as savedFilter from "@/app/api/saved-filters/[id]/route";
import * as savedFilters from "@/app/api/saved-filters/route";
import * as settingsDuplicates from "@/app/api/settings/duplicates/route";
import * as settingsImport from "@/app/api/settings/import/route";
import * as settingsRetention from "@/app/api/settings/retention/route";
import * as retentionRun from "@/app/api/settings/retention/run/route";
import * as settingsTelephony from "@/app/api/settings/telephony/route";
import * as tagMerge from "@/app/api/tags/[name]/merge/route";
import * as tag from "@/app/api/tags/[name]/route";
import * as tags from "@/app/api/tags/route";
import * as agentDialQueue from "@/app/api/telephony/agent-dial-queue/route";
import * as campaignAnswer from "@/app/api/telephony/campaign/answer/route";
import * as campaignRecording from "@/app/api/telephony/campaign/recording/route";
import * as campaignCallStatus from "@/app/api/telephony/campaign/status/route";
import * as dequeue from "@/app/api/telephony/dequeue/route";
import * as queueRecording from "@/app/api/telephony/recording/route";
import * as handleCall from "@/app/api/telephony/handle-call/route";
import * as inbound from "@/app/api/telephony/inbound/route";
import * as queueWait from "@/app/api/telephony/queue-wait/route";
import * as callStatus from "@/app/api/telephony/status/route";
import * as smsIncoming from "@/app/api/telephony/sms/route";
import * as smsStatus from "@/app/api/telephony/sms-status/route";
import * as currentUser from "@/app/api/user/route";
import * as organizationProfile from "@/app/api/organization/route";
import * as conversations from "@/app/api/conversations/route";
import * as conversation from "@/app/api/conversations/[id]/route";
import * as conversationMessages from "@/app/api/conversations/[id]/messages/route";
import * as conversationContact from "@/app/api/conversations/[id]/contact/route";
import * as messages from "@/app/api/messages/route";
import * as messageTemplates from "@/app/api/message-templates/route";
import * as messageTemplate from "@/app/api/message-templates/[id]/route";
import * as settingsSms from "@/app/api/settings/sms/route";
import * as events from "@/app/api/events/route";
import { EVENT_TYPES } from "@/lib/events/event-types";
import * as userOne from "@/app/api/users/[id]/route";
import * as users from "@/app/api/users/route";
import * as userSkills from "@/app/api/users/[id]/skills/route";
import * as userSessions from "@/app/api/users/[id]/sessions/route";
import * as sessions from "@/app/api/sessions/route";
import * as session from "@/app/api/sessions/[id]/route";
import * as queuesList from "@/app/api/queues/route";
import * as queueOne from "@/app/api/queues/[id]/route";
import * as offersList from "@/app/api/offers/route";
import * as offerAccept from "@/app/api/offers/[id]/accept/route";
import * as offerDecline from "@/app/api/offers/[id]/decline/route";
import * as callbacksList from "@/app/api/callbacks/route";
import * as callbackOne from "@/app/api/callbacks/[id]/route";
import * as callLog from "@/app/api/voice/call-logs/[id]/route";
import * as callLogs from "@/app/api/voice/call-logs/route";
import * as manualStatus from "@/app/api/voice/manual/status/route";
import * as manualTwiml from "@/app/api/voice/manual/twiml/route";
import * as voiceToken from "@/app/api/voice/token/route";
import * as callHold from "@/app/api/calls/[call_sid]/hold/route";
import * as dispositions from "@/app/api/dispositions/route";
import * as disposition from "@/app/api/dispositions/[id]/route";
import * as settingsCalls from "@/app/api/settings/calls/route";
import * as settingsRouting from "@/app/api/settings/routing/route";
import * as routingPreview from "@/app/api/settings/routing/preview/route";
import * as callerMenu from "@/app/api/telephony/menu/route";
import * as voicemailRecorded from "@/app/api/telephony/voicemail/route";
import * as voicemailTranscribed from "@/app/api/telephony/voicemail/transcription/route";
import * as voicemailList from "@/app/api/voicemails/route";
import * as routingQueues from "@/app/api/settings/routing/queues/route";
import * as routingQueue from "@/app/api/settings/routing/queues/[id]/route";
import * as followUps from "@/app/api/queue/abandoned/route";
import * as followUpCall from "@/app/api/queue/abandoned/[id]/call-back/route";
import * as followUpDismiss from "@/app/api/queue/abandoned/[id]/dismiss/route";
import * as callbackKey from "@/app/api/telephony/callback/route";
import * as forwardedEnd from "@/app/api/telephony/forwarded/route";
import * as integrationKeys from "@/app/api/integration-keys/route";
import * as integrationKey from "@/app/api/integration-keys/[id]/route";
import * as webhooks from "@/app/api/webhooks/route";
import * as webhook from "@/app/api/webhooks/[id]/route";
import * as webhookEnable from "@/app/api/webhooks/[id]/enable/route";
import * as webhookDeliveries from "@/app/api/webhooks/[id]/deliveries/route";
import * as webhookReplay from "@/app/api/webhooks/[id]/deliveries/[delivery_id]/replay/route";
import * as voicemailClaim from "@/app/api/voicemails/[id]/claim/route";
import * as voicemailDone from "@/app/api/voicemails/[id]/done/route";
import * as conferenceStatus from "@/app/api/telephony/conference/route";
import * as partyStatus from "@/app/api/telephony/participant/route";
import * as campaignAgentLeg from "@/app/api/telephony/campaign/agent-leg/route";
import * as campaignBridgeEnded from "@/app/api/telephony/campaign/bridge-ended/route";
import * as callTransfer from "@/app/api/calls/[call_sid]/transfer/route";
import * as callTransferComplete from "@/app/api/calls/[call_sid]/transfer/complete/route";
import * as callTransferCancel from "@/app/api/calls/[call_sid]/transfer/cancel/route";
import * as callParticipants from "@/app/api/calls/[call_sid]/participants/route";
import * as callParticipant from "@/app/api/calls/[call_sid]/participants/[id]/route";
import * as callMonitor from "@/app/api/calls/[call_sid]/monitor/route";
import * as transferTargets from "@/app/api/calls/transfer-targets/route";
import { importOptionsSchema } from "@/lib/imports/schemas";
import type { OperationGroup } from "@/lib/openapi/operation-group";

// Every API route, its path and one line per method. The request schemas,
// permissions and statuses are not written here: they are read off the
// handlers (lib/http/route-description). e2e/api/openapi.test.ts fails when a
// route file is missing from this list or a method lacks its line. It lives
// beside the routes, not in lib/: lib/ never imports app/ (docs/decisions/025-layers.md).
// Start-up (instrumentation.ts) hands it to the server, which answers the
// provider callbacks it names ahead of the framework; the OpenAPI route reads it.

const LIST_NOTE = "A page: `{ data, meta: { current_page, per_page, total, last_page } }`; `page` is 1-based, `per_page` defaults to 25 and is clamped to 100.";

export const OPERATIONS: OperationGroup[] = [
  // Identity
  { path: "/api/login", tag: "Identity", module: login, summary: { POST: "Sign in with email and password; returns the user and an opaque bearer token" }, responses: { POST: { "422": "Wrong credentials (errors.email)", "429": "Too many attempts for this email or address (Retry-After); refused before the password is checked", "503": "Too many sign-ins are being checked at once on this server (Retry-After)" } } },
  { path: "/api/auth/login", tag: "Identity", module: authLogin, summary: { POST: "Same as POST /api/login (the front end's path)" }, responses: { POST: { "422": "Wrong credentials (errors.email)", "429": "Too many attempts (Retry-After)", "503": "Too many sign-ins are being checked at once (Retry-After)" } } },
  { path: "/api/auth/{nextauth}", tag: "Identity", module: nextAuth, summary: { GET: "next-auth's web session endpoints (session, csrf, providers)", POST: "next-auth's web sign-in and sign-out" }, description: { GET: "next-auth's own protocol for the browser pages; API clients use bearer tokens.", POST: "next-auth's own protocol for the browser pages; credentials are checked like POST /api/login." } },
  { path: "/api/setup", tag: "Identity", module: setup, summary: { GET: "Whether the installation still needs its first administrator (no user exists yet)", POST: "First run: create the organization, its first department and an account admin; returns the admin and a bearer token, as a login does" }, description: { GET: "No authentication. `needed` is true while the database holds no user, and false for good once any exists.", POST: "No authentication; allowed once. The organization gets a first department named Main and the given time zone; the admin is an account_admin of it (in no department). Concurrent attempts, on any number of servers sharing the database, are serialized: exactly one succeeds, the others get 409." }, responses: { POST: { "409": "Setup is already complete (a user exists); nothing was changed", "422": "Invalid input, named by its dotted field (errors[\"organization.time_zone\"], errors[\"admin.password\"]…); nothing was created", "503": "Too busy (passwords being hashed at once on this server, or the database); nothing was created (Retry-After)" } } },
  { path: "/api/logout", tag: "Identity", module: logout, summary: { POST: "Revoke the token that made the request" } },
  { path: "/api/user", tag: "Identity", module: currentUser, summary: { GET: "The signed-in user" } },
  { path: "/api/organization", tag: "Identity", module: organizationProfile, summary: { GET: "The caller's organization: name, default country, time zone", PATCH: "Change the organization's name, default country or time zone (account_admin and above)" }, description: { GET: "`{ id, name, default_country, time_zone }`. Any signed-in user reads it: the pages read phone numbers typed without `+` or `00` in `default_country` (ISO 3166 alpha-2; the same value as the import settings' `default_country`) and show times in `time_zone` (IANA).", PATCH: "`{ name?, default_country?, time_zone? }`; an unknown country or time zone is 422 and changes nothing." } },
  { path: "/api/users", tag: "Identity", module: users, summary: { GET: "List users in the caller's scope", POST: "Create a user (account_admin within the organization, super_admin anywhere)" }, description: { GET: LIST_NOTE }, responses: { POST: { "409": "A user with this email exists" } } },
  { path: "/api/users/{id}", tag: "Identity", module: userOne, summary: { GET: "One user", PATCH: "Change a user's name, email, password, role, department or active flag", DELETE: "Deactivate a user and revoke their tokens" } },
  { path: "/api/users/{id}/skills", tag: "Identity", module: userSkills, summary: { PUT: "Set a user's skills, as a whole: `[{ skill, level }]` (admins; a manager for their department's people)" }, description: { PUT: "A skill is lower-cased (1-40 letters, digits, spaces, dots, dashes or underscores); a level is 1-10; a skill named twice: 422 naming the second (`1.skill`). An empty list clears them. The offer engine matches them against a queue's `required_skills`. Audited as user.skills.updated." } },
  { path: "/api/users/{id}/sessions", tag: "Identity", module: userSessions, summary: { GET: "A user's open sessions (admins)", DELETE: "End every session of a user at once (admins): their pages sign out at their next request, their event streams close" }, description: { DELETE: "Answers how many were ended. Audited as user.sessions.ended." } },
  { path: "/api/sessions", tag: "Identity", module: sessions, summary: { GET: "Your open sessions: each browser sign-in and API login, with its device, address, when it began and was last used; the one you are using is `current`" } },
  { path: "/api/sessions/{id}", tag: "Identity", module: session, summary: { DELETE: "End one of your sessions (your current one too: that is signing out)" }, description: { DELETE: "Another user's session, or one already ended: 404. Audited as session.ended." } },
  { path: "/api/organizations", tag: "Identity", module: organizations, summary: { GET: "Organizations the caller may see", POST: "Create an organization with its departments (super_admin)" } },
  { path: "/api/departments", tag: "Identity", module: departments, summary: { GET: "Departments the caller may see", POST: "Create a department in the caller's organization" }, responses: { POST: { "409": "The organization has a department of this name" } } },
  {
    path: "/api/integration-keys", tag: "Identity", module: integrationKeys,
    summary: { GET: "The organization's integration keys (API keys for systems): name, scopes, status, expiry, last use; never a secret", POST: "Create an integration key; its secret is in this answer only" },
    description: { POST: "`{ name, scopes: { contacts | calls | campaigns | messages | reports | users: read | write }, expires_at? }`. The answer's `secret` (`cck_<id>_<random>`) goes in the same `Authorization: Bearer` header as a user's token; only its SHA-256 is kept. A key acts for the organization (an admin's reach) within its scopes: reading (GET) needs read or write on the route's family, anything else write; routes of no family (settings, users' accounts, keys, the queue, placing or monitoring calls, event streams) answer 403. Every request made with a key is in the audit log (`integration_key.request`: method, path, status). An expired or revoked key is 401." },
  },
  {
    path: "/api/webhooks", tag: "Identity", module: webhooks,
    summary: { GET: "Outgoing webhook endpoints with their last 24 hours (delivered, pending, failed); never a secret", POST: "Register a webhook endpoint; its signing secret is in this answer only" },
    description: { POST: "`{ url, events: [call.completed | call.missed | contact.created | contact.updated | contact.merged | message.received | message.status | campaign.completed | import.completed], description? }`. The URL must be https on a public address (the spreadsheet links' private-address guard, checked again on the address connected to at every delivery). Each delivery is a JSON POST `{ type, timestamp, data }` signed as Standard Webhooks: headers `webhook-id` (the same on every try and on a replay), `webhook-timestamp`, `webhook-signature` (`v1,` + base64 HMAC-SHA256 over `id.timestamp.body` with the base64-decoded secret after `whsec_`). A delivery not answered 2xx within 10 s is tried again 5 s, 10 s, 20 s… (at most an hour) apart for 24 hours; an endpoint failing for 24 hours is disabled (audit log `webhook.endpoint.disabled`, shown in Settings → Integrations)." },
  },
  { path: "/api/webhooks/{id}", tag: "Identity", module: webhook, summary: { DELETE: "Delete a webhook endpoint and its deliveries" } },
  { path: "/api/webhooks/{id}/enable", tag: "Identity", module: webhookEnable, summary: { POST: "Enable a disabled endpoint again (new events are delivered to it)" } },
  { path: "/api/webhooks/{id}/deliveries", tag: "Identity", module: webhookDeliveries, summary: { GET: "The endpoint's latest 100 deliveries, newest first: event, status (pending, sending, delivered, failed), attempts, next try, response code, latency, error, payload" } },
  { path: "/api/webhooks/{id}/deliveries/{delivery_id}/replay", tag: "Identity", module: webhookReplay, summary: { POST: "Send a delivery again now (same webhook-id), whatever became of it; its 24 hours of retries start again" } },
  { path: "/api/integration-keys/{id}", tag: "Identity", module: integrationKey, summary: { DELETE: "Revoke an integration key: its next request is 401 (revoking again changes nothing)" } },
  { path: "/api/audit-log", tag: "Identity", module: auditLog, summary: { GET: "Audit entries: merges, tag renames and merges, field deletions, retention runs, exports" }, description: { GET: `Newest first. An account admin reads the organization's entries; a department manager the entries about their department (merges of its contacts, their own exports and tag renames); organization-wide entries stay with the account admins. ${LIST_NOTE}` } },

  // Contacts
  { path: "/api/contacts", tag: "Contacts", module: contacts, summary: { GET: "List and search contacts", POST: "Create a contact" }, description: { GET: `Filters: q (quick search over name, phone digits, email, company), search (full text over notes and the quick-search fields), tags (all of) and tags_any (any of), each comma-separated or repeated (tags=a&tags=b, tags[]=a), department_id, created_from and created_to (a date YYYY-MM-DD counts whole days in UTC; an ISO 8601 date-time is an exact, inclusive bound), status (active, archived, all), opted_out (true: only contacts who opted out of calls; false: only those who did not). ${LIST_NOTE} A filtered list counts its matches exactly up to 10,000; above that, or when the planner expects 15,000 or more, meta.total is the planner's estimate and meta.total_exact = false. Unfiltered lists are always exact.`, POST: "The phone must be E.164 unless format_phone is true (a national number is then normalized with the organization's default country)." }, responses: { POST: { "409": "The phone already belongs to a contact of the organization (duplicate_id)" } } },
  { path: "/api/contacts/{id}", tag: "Contacts", module: contact, summary: { GET: "One contact with its call history and the custom fields the caller may see", PUT: "Update a contact", DELETE: "Archive a contact, or remove it with permanent=true" }, description: { GET: "call_history is newest first, paged by history_page and history_per_page (default 50), with its total.", DELETE: "Archived contacts leave the default list and can be restored; permanent=true deletes the contact and keeps its call logs with contact_id null." }, responses: { PUT: { "409": "The phone already belongs to another contact (duplicate_id)" }, DELETE: { "409": "The contact is in an active campaign" } } },
  { path: "/api/operations", tag: "Contacts", module: operationsList, summary: { GET: "Long operations over many contacts (tag renames and merges, field erasures, bulk actions by filter) in the caller's scope, newest first" }, description: { GET: `Filter by \`status\` (queued, running, completed, failed). ${LIST_NOTE}` } },
  { path: "/api/operations/{id}", tag: "Contacts", module: operationOne, summary: { GET: "One long operation: status, progress, and its result when completed" }, description: { GET: "`{ id, kind, status, input, total, done, changed, progress (0–100), result, error, user_id, created_at, started_at, finished_at, url }`. kind: tag.rename, tag.merge, custom_field.erase, contacts.bulk. result is what the same request would have answered inline. Readable by its owner, their department's manager and the organization's admins; anyone else 404. Progress also arrives on the event stream as operation.progress." } },
  { path: "/api/contacts/{id}/timeline", tag: "Contacts", module: contactTimeline, summary: { GET: "Everything that happened to a contact, newest first: creation, calls, texts, campaigns, imports, merges, opt-outs" }, description: { GET: `Each entry is \`{ id, type, at, details }\`. type and its details: created {user_name, import_id, import_file}; call {call_log_id, call_sid, direction, status, duration, phone_number, user_name, notes, recording_url, campaign_id, campaign_name}; message {message_id, conversation_id, direction, body, status, user_name}; campaign {campaign_id, campaign_name, state, attempts, last_outcome, exclusion_reason, next_attempt_at}, at its last attempt; import {import_id, import_file, row, user_name, action: updated|skipped}, an import that matched the contact as a duplicate; merge {merge_id, mode, user_name, merged_names, undone_at}; opt_out {channel: calls|texts, opted_out, keyword}, as it stands. \`types\` (comma-separated) narrows it. ${LIST_NOTE}` } },
  { path: "/api/contacts/{id}/restore", tag: "Contacts", module: contactRestore, summary: { POST: "Restore an archived contact" } },
  { path: "/api/contacts/bulk", tag: "Contacts", module: contactBulk, summary: { POST: "Create up to 10,000 contacts; each failure is reported by index" }, description: { POST: "Answers 200 `{ created, failed, errors: [{ index, errors }] }`; valid items are stored even when others fail. Body limit 10 MB." } },
  { path: "/api/contacts/bulk-actions", tag: "Contacts", module: contactBulkActions, summary: { POST: "Add or remove tags on, opt out, archive or restore up to 1,000 chosen contacts, or every contact matching a filter" }, description: { POST: "Give `ids` (up to 1,000: done inside the request, 200 `{ action, requested, updated }`; archiving refuses with 409 while one is in an active campaign) or `filter` (the contact list's query parameters as strings, e.g. `{ tags: \"spring\", status: \"active\" }`: 202 `{ operation }`, run in batches; archiving leaves out contacts of active campaigns; the result is `{ action, updated }`)." }, responses: { POST: { "202": "An operation over every contact the filter matches", "409": "Archiving chosen ids: a contact is in an active campaign" } } },
  { path: "/api/contacts/lookup", tag: "Contacts", module: contactLookup, summary: { GET: "Find contacts by phone number or quick search (the softphone's screen pop and dialer)" } },
  { path: "/api/contacts/duplicates", tag: "Contacts", module: duplicates, summary: { GET: "Duplicate groups: same email when enabled, similar names at the configured threshold" }, description: { GET: "Each group lists the evidence for each pair (`signals`: same_email, same_company, same_phone_digits, name_similarity 0–1). A similar name alone is not offered unless the company or the phone's last 8 digits agree too, or Settings → Duplicates allows it (similar_name_alone); pairs marked not a duplicate never are. Phones are unique within an organization (a second contact with the same phone is refused when created or imported), so reason=phone finds none. Similar names are compared within a 3-second budget; meta.complete is false when it ran out (then q, a part of the name, narrows the comparison). q also keeps only groups whose email or name contains it." } },
  { path: "/api/contacts/duplicates/auto-merge", tag: "Contacts", module: autoMerge, summary: { POST: "Merge every duplicate group by the configured conflict rule (keep newest or keep oldest)" }, description: { POST: "Only when merge_behavior is automatic (409 otherwise). With automatic on, the same merge also runs after every import, as the importing user; the import reports totals.auto_merged. `{\"dry_run\": true}` performs each merge and rolls it back: it answers what a run would merge and skip, and changes nothing. The answer: `{ dry_run, conflict_rule, groups_merged, contacts_removed, merged: [{primary_id, merged_ids, reason}], skipped: [{contact_ids, reason}], complete }`." }, responses: { POST: { "409": "Automatic merging is off" } } },
  { path: "/api/contacts/duplicates/dismiss", tag: "Contacts", module: duplicateDismiss, summary: { POST: "Not a duplicate: these contacts are different people, for good" }, description: { POST: "Every pair of contact_ids (2–20, all in the caller's scope, else 404) is stored: detection never offers them together again and automatic merging leaves them apart. Audited as contact.duplicate_dismiss. Answers `{ dismissed_pairs, contact_ids }`." }, responses: { POST: { "404": "A contact is not in the caller's reach" } } },
  { path: "/api/contacts/merge", tag: "Contacts", module: contactMerge, summary: { POST: "Merge duplicates into a chosen primary; audited" }, description: { POST: "The primary keeps its values and fills empty email, company and custom fields from the duplicates (newest first); merge_tags, merge_notes and merge_call_history default to true. The primary must be active (an archived one is refused with 422); archived duplicates may be merged." }, responses: { POST: { "404": "A contact is not in the caller's reach", "409": "A duplicate is in an active campaign" } } },
  { path: "/api/contacts/merges", tag: "Contacts", module: contactMerges, summary: { GET: "Merges of the last 30 days in the caller's scope, newest first, with whether each was undone" }, description: { GET: "`{ data: [{ id, primary: {id, name}, removed: [{id, name, phone}], mode, merged_by_user_id, created_at, undone_at, undo_until }] }`, at most 50." } },
  { path: "/api/contacts/merges/{id}/undo", tag: "Contacts", module: contactMergeUndo, summary: { POST: "Undo a merge within 30 days: the removed contacts come back exactly, with their calls" }, description: { POST: "The removed contacts return with their ids, tags, notes and custom fields as stored; their call logs, queue entries and campaign contacts point at them again; the kept contact gets back its values from before the merge. Audited as contact.merge_undo. Answers `{ merge_id, primary_id, restored_ids }`." }, responses: { POST: { "409": "Already undone, older than 30 days, the kept contact is gone, or a removed contact's phone belongs to someone else now" } } },
  { path: "/api/contacts/export", tag: "Contacts", module: contactExport, summary: { GET: "Export all or the filtered contacts as CSV, XLSX or vCard (streamed; audited)" }, description: { GET: "Takes every list filter. Cells that a spreadsheet would read as a formula are neutralized." } },
  { path: "/api/contacts/import/csv", tag: "Imports", module: importCsv, upload: { file: "The .csv, .txt or .xlsx file, at most 50 MB", fields: importOptionsSchema }, summary: { POST: "Upload a CSV file or an Excel workbook (multipart field file, .csv/.txt/.xlsx, at most 50 MB) to import" }, description: { POST: "A workbook (.xlsx) imports the sheet named by `sheet` (its name or position from 1; the first when not given) through the same pipeline; it is checked before anything is unpacked: over 10,000 parts, 100 sheets or 5,000,000 cells is 422; over 500 MB unpacked, 300 MB for one part, or a part packed more than 200:1 (a zip bomb) is 413. Answers 202 `{ import_id, status }`; the import runs in the background and is followed at GET /api/imports/{id}. Columns are matched to fields by their headers, case and punctuation aside, with the usual synonyms (\"Phone Number\", \"Mobile\", \"E-mail\", \"Company Name\"…), then to custom fields by name or label; `mapping` (column → name, phone, email, company, tags, notes, opted_out, custom_fields.<name> or ignore) overrides that. An opt-out column (\"Opted out\", \"Do not call\", \"DNC\"…) reads yes/no, true/false, 1/0 or x; an update of an existing contact can record an opt-out from the file but never lifts one." }, responses: { POST: { "413": "The file is over 50 MB, or a workbook unpacks past the limits", "422": "Not multipart/form-data, no file field, an empty file, a file that is neither CSV nor a workbook, an unknown sheet, or options that do not parse" } } },
  { path: "/api/contacts/import/spreadsheet", tag: "Imports", module: importSpreadsheet, summary: { POST: "Import a published spreadsheet by its URL" }, description: { POST: "Only public https addresses are fetched (no private, loopback or link-local hosts)." } },
  { path: "/api/imports", tag: "Imports", module: imports, summary: { GET: "Imports in the caller's scope, newest first" } },
  { path: "/api/imports/{id}", tag: "Imports", module: importOne, summary: { GET: "An import's progress, counts and row-by-row failures" } },
  { path: "/api/imports/{id}/confirm", tag: "Imports", module: importConfirm, summary: { POST: "Go on with an import that stopped to ask about duplicates (skip or update them)" }, responses: { POST: { "409": "The import is not waiting for this answer (already confirmed, still reading, or finished)" } } },
  { path: "/api/tags", tag: "Contacts", module: tags, summary: { GET: "Tags with their contact counts in the caller's scope; the DNC tag is flagged" }, description: { GET: "contact_count counts active contacts (archived ones are left out). Registered tags no active contact carries are listed with 0 until deleted." } },
  { path: "/api/tags/{name}", tag: "Contacts", module: tag, summary: { PATCH: "Rename a tag on every contact", DELETE: "Delete a tag no contact uses" }, description: { PATCH: "Up to 2,000 contacts it is done inside the request (200, the result); more, or with the header `Prefer: respond-async`, it runs as an operation: 202 `{ operation }` with a Location to follow (GET /api/operations/{id}), whose result is the same object." }, responses: { PATCH: { "202": "Running as an operation", "409": "This tag is being changed by an operation already" }, DELETE: { "409": "The tag is still in use" } } },
  { path: "/api/tags/{name}/merge", tag: "Contacts", module: tagMerge, summary: { POST: "Fold a tag into another" }, description: { POST: "Up to 2,000 contacts it is done inside the request (200, the result); more, or with the header `Prefer: respond-async`, it runs as an operation: 202 `{ operation }` with a Location to follow (GET /api/operations/{id}), whose result is the same object." }, responses: { POST: { "202": "Running as an operation", "409": "This tag is being changed by an operation already" } } },
  { path: "/api/custom-fields", tag: "Contacts", module: customFields, summary: { GET: "Custom field definitions the caller may see", POST: "Define a custom field (account_admin)" }, responses: { POST: { "409": "A deleted field of this name is still being erased" } } },
  { path: "/api/custom-fields/{id}", tag: "Contacts", module: customField, summary: { PATCH: "Change a field's label, options, required flag, visibility or order", DELETE: "Delete a field and erase its values on every contact (confirm=true required)" }, description: { DELETE: "The definition goes at once. Up to 2,000 contacts holding a value it is done inside the request (200, the result); more, or with the header `Prefer: respond-async`, it runs as an operation: 202 `{ operation }` with a Location to follow (GET /api/operations/{id}), whose result is the same object. A new field of the same name is refused (409) until the erasure ends." }, responses: { DELETE: { "202": "Erasing the values as an operation" } } },
  { path: "/api/custom-fields/{id}/archive", tag: "Contacts", module: customFieldArchive, summary: { POST: "Archive a field (hidden, values kept)", DELETE: "Unarchive a field" } },
  { path: "/api/custom-fields/order", tag: "Contacts", module: customFieldOrder, summary: { PUT: "Set the display order of the fields" } },
  { path: "/api/saved-filters", tag: "Contacts", module: savedFilters, summary: { GET: "The caller's saved filter presets", POST: "Save a filter preset" }, responses: { POST: { "409": "The caller has a preset of this name" } } },
  { path: "/api/saved-filters/{id}", tag: "Contacts", module: savedFilter, summary: { PATCH: "Rename or change a preset", DELETE: "Delete a preset" } },
  { path: "/api/settings/import", tag: "Settings", module: settingsImport, summary: { GET: "Import settings", PUT: "Change import settings" } },
  { path: "/api/settings/duplicates", tag: "Settings", module: settingsDuplicates, summary: { GET: "Duplicate detection settings", PUT: "Change duplicate detection settings" } },
  {
    path: "/api/settings/routing", tag: "Settings", module: settingsRouting,
    summary: { GET: "Inbound routing: the plans that answer the organization's numbers", PUT: "Replace the routing plans (the next call follows them)" },
    description: {
      PUT: "`{ plans: [{ name, numbers: [E.164] (empty: every number no other plan names), hours: { mon..sun: [{ start, end }] } | null (always open), holidays: [YYYY-MM-DD], closed_message, queue: { type: queue, department_id | null } | { type: number, number }, menu: null | { greeting, default_digit, options: [{ digit, label, words, target }] }, closed_action: message | voicemail, no_agents: queue | voicemail, announce_every_seconds, voicemail_prompt, callback_offer: null | { after_seconds, digit } }] }`. Hours are read in the organization's time zone. With no plan, inbound calls are enqueued at once as the specification states. A department that is not the organization's, an interval that ends before it starts, a default key no option has: 422 naming the field; nothing is saved.",
    },
  },
  { path: "/api/settings/routing/queues", tag: "Settings", module: routingQueues, summary: { GET: "The organization's queues (General and one per department) with who serves each: the department's people and members from other departments; `users` to add" } },
  { path: "/api/settings/routing/queues/{id}", tag: "Settings", module: routingQueue, summary: { PUT: "Set the members of a department's queue from other departments (`{ member_ids }`, as a whole; audited)" }, description: { PUT: "Members take that queue's calls, voicemails and follow-ups like its own department's agents, from their next request. A user who is not an active user of the organization: 422 naming `member_ids.<index>`; nothing is saved." } },
  { path: "/api/settings/routing/preview", tag: "Settings", module: routingPreview, summary: { POST: "What a caller to one plan hears and where they go, now or at a time, as steps in words (and the provider's instructions of the first answer); nothing is saved" }, description: { POST: "The body is one plan, as in PUT /api/settings/routing. `at` (a wall-clock time on the organization's clock, like 2026-11-26T14:00) previews another time than now; `digits` (one key), `speech` (words) or `hang_up=true` play the caller at the menu. The walk takes the decisions real calls take: opening hours, the closed message and then a voicemail when `closed_action` is voicemail, the menu and its default, a queue nobody serving it is on duty for taking a voicemail when `no_agents` says so (for another time than now, both branches are given)." } },
  { path: "/api/settings/calls", tag: "Settings", module: settingsCalls, summary: { GET: "How calls end (disposition_required)", PUT: "Change how calls end: disposition_required makes agents pick a disposition before leaving wrap-up" } },
  { path: "/api/settings/retention", tag: "Settings", module: settingsRetention, summary: { GET: "Retention settings", PUT: "Change retention settings" } },
  { path: "/api/settings/retention/run", tag: "Settings", module: retentionRun, summary: { POST: "Run the retention job now and report what it removed" }, description: { POST: "Deletes permanently the contacts with no call for `inactive_contact_days` (counted from the last call, or from creation for a contact never called); their call logs are kept, unlinked. Contacts in a running or paused campaign are kept, and so are opted-out contacts while `keep_opted_out` is on. `dry_run` is required: `{\"dry_run\": false}` runs the policy, `{\"dry_run\": true}` reports what a run would remove and removes nothing; a body without it, or with a key the route does not know (`dryRun`), is refused (422) and nothing runs. The answer: `{ enabled, dry_run, inactive_contact_days, keep_opted_out, removed, contacts: [{id, name, phone}], contacts_truncated }`; `removed` is the whole count, `contacts` names the first 1,000 by id. A run (not a dry run) is written to the audit log. It also runs on its own once a day." } },
  { path: "/api/settings/telephony", tag: "Settings", module: settingsTelephony, summary: { GET: "Telephony settings (secrets never returned, only whether they are set)", PUT: "Change telephony settings; secrets are stored encrypted" }, description: { PUT: "phone_numbers and caller_id are the organization's numbers: a number belongs to one organization (409 naming another's), and with provider credentials (the organization's or the environment's) a newly added number must be one the provider account lists among its incoming phone numbers (422 otherwise; 502 when the provider cannot be asked). Nothing is saved when any is refused." }, responses: { PUT: { "409": "Another organization holds one of the numbers (named in errors)", "502": "The provider could not be asked whether its account holds a number" } } },

  // Calls
  { path: "/api/voice/token", tag: "Calls", module: voiceToken, summary: { POST: "An access token for the browser softphone" } },
  { path: "/api/voice/call-logs", tag: "Calls", module: callLogs, summary: { GET: "Call logs in the caller's scope" }, description: { GET: LIST_NOTE } },
  { path: "/api/voice/call-logs/{id}", tag: "Calls", module: callLog, summary: { PATCH: "Wrap up a call: its notes and its disposition (disposition_id: one of the organization's codes; a campaign call's disposition becomes its contact's outcome)" } },
  { path: "/api/queues", tag: "Calls", module: queuesList, summary: { GET: "The queues the caller serves (admins: every queue), general first: distribution, settings and live figures" }, description: { GET: "Every queue has a stable id: the organization's general queue (`department_id` null) and one per department. `distribution` is `pick` (agents choose from GET /api/queue/calls, the default) or `offer` (each call is offered to one agent at a time). Figures: `waiting`, `longest_wait_seconds`, `agents_available` (available agents who serve it). All on one page." } },
  { path: "/api/queues/{id}", tag: "Calls", module: queueOne, summary: { GET: "One queue the caller serves", PATCH: "Change a queue's distribution and settings (admins; a department's manager for that department's queue)" }, description: { PATCH: "Any of `{ distribution: pick | offer, offer_timeout_seconds: 5-120, wrap_up_seconds: 0-600 (0: the agent ends wrap-up), disposition_required, priority: 0-10, overflow: null | { after_seconds: 1-3600, to_queue_id }, required_skills: [{ skill, min_level: 1-10 }] }`; what is left out stays. An invalid value: 422 naming the field; nothing is saved. Audited as queue.updated." }, responses: { PATCH: { "403": "A manager changing a queue that is not their department's (the general queue is the admins')" } } },
  { path: "/api/offers", tag: "Calls", module: offersList, summary: { GET: "The call offered to you now (an offer queue's; at most one): who is calling, their contact card, the queue and until when it rings" }, description: { GET: "An offer also arrives on GET /api/events as `offer.created` (to the agent offered only), and its end without your answer as `offer.withdrawn` (reason caller_left, taken, agent_unavailable or missed). An offer goes to an available agent who serves the queue (or its overflow queue once the call has waited long enough) and holds its required skills: the caller's last agent within `sticky_agent_days` (Settings → calls, default 7) first, then the one idle longest. No answer before `expires_at`: the offer is missed, you are set to the not-ready state `missed`, and the next agent is offered the call." } },
  { path: "/api/offers/{id}/accept", tag: "Calls", module: offerAccept, summary: { POST: "Accept the call offered to you: answered like accepting from the queue (the softphone's connect parameters)" }, responses: { POST: { "409": "The offer expired, was withdrawn or already answered, or you are not Available" } } },
  { path: "/api/offers/{id}/decline", tag: "Calls", module: offerDecline, summary: { POST: "Decline the call offered to you: it is offered to the next agent at once (never to you again; you may still take it from the queue)" }, responses: { POST: { "409": "The offer is no longer open" } } },
  { path: "/api/callbacks", tag: "Calls", module: callbacksList, summary: { GET: "Scheduled callbacks you may see (an agent's own; a manager's department's; an admin's organization's): upcoming by default, soonest first", POST: "Schedule a call back to a contact at a time" }, description: { GET: "`status=upcoming` (default: scheduled, or due and not yet done) or `all`. Each says the time on the contact's clock and on the organization's.", POST: "`{ contact_id, at (ISO 8601 with offset), owner_id?, queue_id?, note? }`. `at` must fall within the calling hours campaigns obey (08:00-21:00 on the contact's clock, in every zone their number may ring in), at most 90 days ahead. The owner (default: the agent scheduling it; for others nobody) is offered the call first when it is due, then the queue's agents once the queue's offer timeout has passed (default queue: the contact's department's), whatever the queue's distribution. Accepting it answers `{ action: call_back, number, params: { To, CallbackEntryId } }`: the softphone dials the contact. Not reached: it stays in the follow-ups (GET /api/queue/abandoned) as a callback, with its history. Anything wrong: 422 naming the field; nothing is saved." }, responses: { POST: { "422": "An unknown contact, a time in the past, outside the contact's calling hours or beyond 90 days, an owner or queue not yours to name" } } },
  { path: "/api/callbacks/{id}", tag: "Calls", module: callbackOne, summary: { GET: "One scheduled callback", DELETE: "Cancel a callback that is not yet due" }, responses: { DELETE: { "409": "It is already due: it is a waiting call now" } } },
  { path: "/api/drafts/{kind}/{ref}", tag: "Calls", module: draft, summary: { GET: "Your draft of a call's notes or a conversation's reply (none: an empty body, updated_at null)", PUT: "Keep what you typed so far", DELETE: "Drop the draft (the notes were saved, the reply sent)" }, description: { PUT: "`kind` is `call_notes` (`ref`: the call's CallSid) or `reply` (`ref`: the conversation's id). `{ body }`, 1 to 10,000 characters; the last write wins. Drafts are each user's own: nobody reads another's. A draft untouched for 30 days is dropped, and a user keeps at most 200." } },
  { path: "/api/queue/calls", tag: "Calls", module: queueCalls, summary: { GET: "Calls waiting in the queues the caller serves (the general one and their department's; admins every one)" }, description: { GET: "Read from a per-process view refreshed every 250 ms: a call can appear up to a second late." } },
  { path: "/api/queue/calls/{id}/accept", tag: "Calls", module: queueAccept, summary: { POST: "Take a waiting call" }, description: { POST: "A caller on the line: `{ action: dial_queue, queue, call_sid, params }` (the device joins them). A caller who asked to be called back (`callback: true` in the list): `{ action: call_back, number, call_sid, params: { To, CallbackEntryId } }`; the softphone dials with those params and the server dials the number the entry holds, logging the call with `parent_call_sid` = the caller's first call." }, responses: { POST: { "409": "Someone else already took the call" } } },
  { path: "/api/queue/abandoned", tag: "Calls", module: followUps, summary: { GET: "Missed callers to follow up, newest first: callers of the queues the caller serves who hung up while waiting, and callbacks nobody reached (`callback: true`), for 7 days, until followed up or reached since" } },
  { path: "/api/queue/abandoned/{id}/call-back", tag: "Calls", module: followUpCall, summary: { POST: "Follow up a missed caller by calling back: claims it (one agent only) and answers the number and the softphone's params" }, responses: { POST: { "409": "Someone has already followed it up" } } },
  { path: "/api/queue/abandoned/{id}/dismiss", tag: "Calls", module: followUpDismiss, summary: { POST: "Follow up a missed caller without calling (dismiss it)" }, responses: { POST: { "409": "Someone has already followed it up" } } },
  { path: "/api/calls/{call_sid}/hold", tag: "Calls", module: callHold, summary: { POST: "Hold a live call (on: true: the caller hears the hold music) or resume it (on: false)" }, description: { POST: "Only a party of the call, or a manager or admin in its scope, may act on it; anyone else, or a call that has ended, gets 404. The first hold moves the call's legs into a provider conference. Hold time is counted on the call and kept on its log (hold_seconds)." }, responses: { POST: { "409": "The call is not connected yet, or changed meanwhile", "502": "The telephony provider refused the request (nothing changed)", "503": "Telephony is not configured" } } },
  { path: "/api/calls/transfer-targets", tag: "Calls", module: transferTargets, summary: { GET: "Whom a call can be transferred to or joined with: the organization's agents (with their state) and departments' queues" }, description: { GET: "`q` narrows both by name. Agents come available first; only an available agent can take a transfer (409 otherwise)." } },
  { path: "/api/calls/{call_sid}/transfer", tag: "Calls", module: callTransfer, summary: { POST: "Transfer a live call, cold or warm, to an agent, a department's queue or a number" }, description: { POST: "`{ target: { type: agent, id } | { type: queue, id: department_id } | { type: number, number: E.164 }, mode: cold | warm }`. Cold: the caller moves at once (hearing the hold music while the target rings) and the agent's part of the call ends (its log is written; the agent goes to wrap-up); a target agent who never answers sends the caller back to the queue of their department. A queue takes a transfer cold only: the caller waits on hold as that queue's entry (listed by GET /api/queue/calls) until an agent accepts it. Warm: the caller is held while the agent talks to the target; then complete or cancel. The answer is the target's part of the call (its own live call, `parent_call_sid` naming this one) and `transfer`. One transfer at a time per call." }, responses: { POST: { "409": "The target agent is not available, a transfer is already under way, or the call is not connected", "502": "The telephony provider refused the request (nothing changed)", "503": "Telephony is not configured" } } },
  { path: "/api/calls/{call_sid}/transfer/complete", tag: "Calls", module: callTransferComplete, summary: { POST: "Complete a warm transfer: the agent leaves, the caller talks to the target" }, description: { POST: "The answer is the target's part of the call, now answered. The agent's part ends (its log is written; wrap-up)." }, responses: { POST: { "409": "No warm transfer under way, or its target has not answered yet" } } },
  { path: "/api/calls/{call_sid}/transfer/cancel", tag: "Calls", module: callTransferCancel, summary: { POST: "Cancel a warm transfer: the target's leg ends, the agent is back with the caller (off hold)" }, responses: { POST: { "409": "No warm transfer under way" } } },
  { path: "/api/calls/{call_sid}/participants", tag: "Calls", module: callParticipants, summary: { GET: "The parties on a call besides its agent and caller", POST: "Add an agent (agent_id) or a number to the call: a three-way call" }, description: { POST: "`{ agent_id }` (an available agent of the organization) or `{ number }` (E.164). Any party can leave (DELETE, or hanging up); the caller stays while someone who can talk to them is on." }, responses: { POST: { "409": "The agent is not available, or the call is not connected", "502": "The telephony provider refused the request (nothing changed)" } } },
  { path: "/api/calls/{call_sid}/participants/{id}", tag: "Calls", module: callParticipant, summary: { DELETE: "Take a party off the call (their leg ends; an agent who talked goes to wrap-up)" }, responses: { DELETE: { "502": "The telephony provider refused the request (nothing changed)" } } },
  { path: "/api/calls/{call_sid}/monitor", tag: "Calls", module: callMonitor, summary: { POST: "Listen to, whisper to (coach: only the agent hears) or barge into a live call" }, description: { POST: "`{ mode: listen | whisper | barge }`, for a manager or admin in the call's scope. The first request dials the supervisor's browser into the call; later ones switch the mode. Every request is in the audit log (action call.monitor); the agent's call panel is told of whispers and barges (event call.updated, event monitor). Leave with DELETE /api/calls/{call_sid}/participants/{id}." }, responses: { POST: { "409": "The call has no agent on it yet", "502": "The telephony provider refused the request" } } },
  { path: "/api/dispositions", tag: "Calls", module: dispositions, summary: { GET: "The organization's wrap-up disposition codes in order, and whether one is required (include_archived=true adds archived codes)", POST: "Add a disposition code (managers and admins)" }, responses: { POST: { "409": "The organization already has a code of that name" } } },
  { path: "/api/dispositions/{id}", tag: "Calls", module: disposition, summary: { PATCH: "Rename, reorder, mark as a success, archive or restore a disposition code", DELETE: "Delete a code no call names; a code in use is archived instead" }, responses: { PATCH: { "409": "The organization already has a code of that name" } } },
  { path: "/api/agent/status", tag: "Calls", module: agentStatus, summary: { GET: "The caller's availability", POST: "Set the caller's availability" }, responses: { POST: { "422": "Leaving wrap-up without a disposition where the organization requires one (errors.disposition_id)" } } },
  { path: "/api/dev/recordings/{call_sid}", tag: "Calls", module: simulatedRecording, summary: { GET: "The simulator's recording of a call (audio/wav), for calls the caller may read; 404 when the simulator is off" }, description: { GET: "The call history's players ask for it with the web session (an <audio> element sends cookies, not a bearer token)." }, file: { GET: "audio/wav" } },
  { path: "/api/dev/simulator", tag: "Calls", module: simulator, summary: { GET: "The call simulator's state (development without a provider)", POST: "Drive the call simulator" }, responses: { POST: { "404": "No such call, queue entry or agent in the caller's organization" } } },

  // Live updates
  {
    path: "/api/events",
    tag: "Live updates",
    module: events,
    ahead: "stream",
    summary: { GET: "Live updates as Server-Sent Events, scoped like the API" },
    description: {
      GET: `Authenticated by the bearer token or, for a browser's EventSource, the signed-in web session; without either: 401 JSON, not a stream. Each event has an \`id\`, its type as the \`event\` name and JSON \`data\` (with \`at\`, when it happened). Send \`Last-Event-ID\` (EventSource does on reconnect; or \`?last_event_id=\`) to receive first what happened since, up to 5 minutes back. A comment line every 15 s keeps proxies from closing an idle stream. \`?types=a,b\` narrows it (an unknown type: 422). An event reaches exactly the users who could read its record through the API: another organization, another department's manager, another agent's own calls or conversations never see it. At most 10 streams per user per server (429 beyond); signing out or a revoked token closes the user's streams within a second, and so does a change of what they may see (their role, department or queues), on every server: the last frame is then \`event: stream.closed\` with \`data\` \`{ reason }\` (\`rights_changed\`: reconnect, the new stream carries the new rights; \`session_revoked\`: the token no longer works). Types: ${Object.entries(EVENT_TYPES).map(([type, text]) => `\`${type}\`: ${text}`).join("; ")}.`,
    },
    responses: { GET: { "429": "Too many streams for this user (Retry-After)" } },
  },

  // Messages
  { path: "/api/conversations", tag: "Messages", module: conversations, summary: { GET: "Text conversations the caller may read, most recent activity first" }, description: { GET: `One row per outside number the organization has texted with: its contact (or the bare number), last message, the caller's unread count, assignee and status. An agent sees the conversations assigned to them and the unassigned ones of their department; a manager the department's; an admin the organization's. Filters: status (open, closed), assigned (me, unassigned or a user id), q (a name, 3 or more phone digits, or words of any message). ${LIST_NOTE}` } },
  { path: "/api/conversations/{id}", tag: "Messages", module: conversation, summary: { GET: "One conversation", PATCH: "Close, reopen or assign a conversation" }, description: { PATCH: "`{ status?: open | closed, assigned_user_id?: id | null }`. Managers and admins assign to an active user they manage; an agent may only take a conversation (their own id) or let it go (null), after which it leaves their reach and the answer is `{ id, status, assigned_user: null }`. A new incoming message reopens a closed conversation." } },
  { path: "/api/conversations/{id}/messages", tag: "Messages", module: conversationMessages, summary: { GET: "The thread, newest last, a page at a time back in time; reading the newest page marks it read for the caller" }, description: { GET: "`limit` (1–100, default 50) messages before `before` (a message id; none: the newest). `meta.next_before` is the `before` of the older page, null at the start of the thread." } },
  { path: "/api/conversations/{id}/contact", tag: "Messages", module: conversationContact, summary: { POST: "Save the conversation's number as a new contact (name, email, company, notes, tags)" }, responses: { POST: { "409": "The number already belongs to a contact (duplicate_id)" } } },
  { path: "/api/messages", tag: "Messages", module: messages, summary: { POST: "Send a text message to a contact or a number" }, description: { POST: "`{ contact_id | to, body, media_urls?, template_id?, campaign_id? }`. The body is at most 1,600 characters; the answer's `encoding` (GSM-7 or UCS-2) and `segments` are counted like the provider does. `template_id` sends a saved reply with its {{placeholders}} filled from the contact. Media must be https on a public address. 201: the provider accepted it (status queued); a campaign's text (campaign_id) during the recipient's quiet hours is answered 201 with status held and `send_after`, and goes out when they end; an agent's own reply goes at any hour. Texting an agent's reply to an unassigned conversation assigns it to that agent." }, responses: { POST: { "409": "The number opted out of texts (reason sms_opt_out, with opted_out_at and evidence_message_id), the contact opted out of contact (opted_out) or is tagged DNC (dnc), or the organization has no number", "502": "The provider refused the message: its reason, `error_code`, and the stored message (status failed) in `data`" } } },
  { path: "/api/message-templates", tag: "Messages", module: messageTemplates, summary: { GET: "The organization's saved replies", POST: "Save a reply (managers and admins)" }, description: { POST: "Placeholders: {{name}}, {{first_name}}, {{last_name}}, {{company}}, {{email}}, {{phone}} and any custom field by its key; one with no value for the contact becomes empty." }, responses: { POST: { "409": "A template with this name exists" } } },
  { path: "/api/message-templates/{id}", tag: "Messages", module: messageTemplate, summary: { PATCH: "Change a saved reply", DELETE: "Delete a saved reply" }, responses: { PATCH: { "409": "A template with this name exists" } } },
  { path: "/api/settings/sms", tag: "Settings", module: settingsSms, summary: { GET: "Text message settings: numbers, help text, quiet hours", PUT: "Change text message settings (managers and admins)" }, description: { PUT: "sms_numbers: the organization's numbers that text, among its telephony numbers and caller ID (empty: all of them; 422 for a number it does not hold, 409 for another organization's); help_text: the answer to HELP or INFO; quiet_hours `{start, end}` as HH:MM or null: no campaign text goes out in that window at the recipient's local time (from their number; else time_zone)." } , responses: { PUT: { "409": "A texting number is another organization's" } } },

  // Campaigns
  { path: "/api/campaigns", tag: "Campaigns", module: campaigns, summary: { GET: "Campaigns in the caller's scope", POST: "Create a campaign" } },
  { path: "/api/campaigns/{id}", tag: "Campaigns", module: campaign, summary: { GET: "One campaign", PATCH: "Change a campaign", DELETE: "Delete a draft campaign" }, responses: { DELETE: { "409": "The campaign is not a draft; stop it instead" } } },
  { path: "/api/campaigns/{id}/contacts", tag: "Campaigns", module: campaignContacts, summary: { GET: "The campaign's contacts and their dialing state", POST: "Add contacts; archived, opted-out, repeated phones and (when the campaign excludes DNC) DNC-tagged contacts are left out and reported", DELETE: "Remove contacts" }, responses: { POST: { "409": "The campaign is stopped or completed" } } },
  { path: "/api/campaigns/{id}/dry-run", tag: "Campaigns", module: campaignDryRun, summary: { GET: "What starting the campaign now would dial" }, description: { GET: "`{ eligible, excluded, excluded_by_reason, callable_now, outside_window, unknown_timezone, first_callable_at, agents_on_duty, average_handle_seconds, estimated_seconds, warning, message }`. `callable_now` counts the contacts the dialer's own checks would allow this minute (calling window and 08:00–21:00 at the contact's local time); when it is 0, `warning` says why and `first_callable_at` when the first becomes callable (null: not within a week)." } },
  { path: "/api/campaigns/{id}/dry-run/contacts", tag: "Campaigns", module: campaignDryRunContacts, summary: { GET: "The contacts a start would call, or leave out and why" }, description: { GET: `list=will_call (default): \`{ contact_id, name, phone, local_time, callable_now, next_callable_at, not_callable_because }\`; list=left_out: \`{ contact_id, name, phone, reason }\` (archived, opted_out, dnc, duplicate_phone). By name. ${LIST_NOTE}` } },
  { path: "/api/campaigns/{id}/start", tag: "Campaigns", module: campaignStart, summary: { POST: "Start dialing" }, responses: { POST: { "409": "The campaign is not a draft or paused, or has no contacts" } } },
  { path: "/api/campaigns/{id}/pause", tag: "Campaigns", module: campaignPause, summary: { POST: "Pause dialing" }, responses: { POST: { "409": "The campaign is not running" } } },
  { path: "/api/campaigns/{id}/resume", tag: "Campaigns", module: campaignResume, summary: { POST: "Resume dialing" }, responses: { POST: { "409": "The campaign is not paused" } } },
  { path: "/api/campaigns/{id}/stop", tag: "Campaigns", module: campaignStop, summary: { POST: "Stop the campaign for good" }, responses: { POST: { "409": "The campaign is already stopped or completed" } } },
  { path: "/api/campaigns/{id}/stats", tag: "Campaigns", module: campaignStats, summary: { GET: "Progress and outcomes" } },
  { path: "/api/campaigns/preview/next", tag: "Campaigns", module: previewNext, summary: { POST: "The next contact for a preview-mode agent" } },
  { path: "/api/campaigns/preview/{id}/skip", tag: "Campaigns", module: previewSkip, summary: { POST: "Skip a previewed contact" } },

  // Reports
  { path: "/api/reports/summary", tag: "Reports", module: reportSummary, summary: { GET: "Call totals for a date range (format=csv for a spreadsheet)" } },
  { path: "/api/reports/daily", tag: "Reports", module: reportDaily, summary: { GET: "Calls per day" } },
  { path: "/api/reports/hourly", tag: "Reports", module: reportHourly, summary: { GET: "Calls per hour of the day" } },
  { path: "/api/reports/agents", tag: "Reports", module: reportAgents, summary: { GET: "Per-agent figures and time in each state" } },
  { path: "/api/reports/campaigns", tag: "Reports", module: reportCampaigns, summary: { GET: "Per-campaign figures" } },
  { path: "/api/reports/tags", tag: "Reports", module: reportTags, summary: { GET: "Calls by contact tag" } },
  { path: "/api/reports/dispositions", tag: "Reports", module: reportDispositions, summary: { GET: "Calls by disposition, and each disposition per agent, campaign and queue" } },
  { path: "/api/reports/live", tag: "Reports", module: reportLive, summary: { GET: "Right now: waiting calls, agents by state, calls in progress" } },

  // Provider callbacks
  { path: "/api/telephony/inbound", tag: "Provider callbacks", ahead: "callback", module: inbound, summary: { POST: "An inbound call: queue it" } },
  { path: "/api/telephony/queue-wait", tag: "Provider callbacks", ahead: "callback", module: queueWait, summary: { POST: "What a waiting caller hears" } },
  { path: "/api/telephony/voicemail", tag: "Provider callbacks", ahead: "callback", module: voicemailRecorded, summary: { POST: "A caller's voicemail was recorded (the Record's action: RecordingUrl, RecordingDuration); kept once per call, for the queue its address names" } },
  { path: "/api/telephony/voicemail/transcription", tag: "Provider callbacks", ahead: "callback", module: voicemailTranscribed, summary: { POST: "The provider's transcription of a voicemail (TranscriptionText)" } },
  { path: "/api/telephony/callback", tag: "Provider callbacks", ahead: "callback", module: callbackKey, summary: { POST: "A waiting caller pressed a key in the hold loop (the `<Gather>` of a plan's callback offer): the offer's key leaves the line keeping their place (`<Leave/>`); any other key, more hold" } },
  { path: "/api/telephony/forwarded", tag: "Provider callbacks", ahead: "callback", module: forwardedEnd, summary: { POST: "A caller a menu forwarded to an outside number is done (the Dial's action: DialCallStatus, DialCallDuration): the call is logged once, as an inbound call with no agent" } },
  { path: "/api/voicemails", tag: "Calls", module: voicemailList, summary: { GET: "Voicemails of the queues the caller serves: open ones (new, claimed) oldest first, or status=done newest first" } },
  { path: "/api/voicemails/{id}/claim", tag: "Calls", module: voicemailClaim, summary: { POST: "Claim a voicemail to call the caller back (one agent only)" }, responses: { POST: { "409": "Another agent has claimed it" } } },
  { path: "/api/voicemails/{id}/done", tag: "Calls", module: voicemailDone, summary: { POST: "Mark a voicemail done (by whoever claimed it, or a manager); done again is done" }, responses: { POST: { "409": "Another agent has claimed it" } } },
  { path: "/api/telephony/menu", tag: "Provider callbacks", ahead: "callback", module: callerMenu, summary: { POST: "A caller answered the menu (Gather: Digits or SpeechResult), or said nothing (its redirect): the chosen queue or number; asked once more, then the default option" } },
  { path: "/api/telephony/recording", tag: "Provider callbacks", ahead: "callback", module: queueRecording, summary: { POST: "A call's one recording is ready (the status callback of the recording started on the customer's leg at answer; ?call= names the call log): its sid, address and length land on that log, once" } },
  { path: "/api/telephony/dequeue", tag: "Provider callbacks", ahead: "callback", module: dequeue, summary: { POST: "A queued call left the queue" } },
  { path: "/api/telephony/agent-dial-queue", tag: "Provider callbacks", ahead: "callback", module: agentDialQueue, summary: { POST: "Connect the accepting agent to the queued call" } },
  { path: "/api/telephony/handle-call", tag: "Provider callbacks", ahead: "callback", module: handleCall, summary: { POST: "An outgoing call from the softphone" } },
  { path: "/api/telephony/conference", tag: "Provider callbacks", ahead: "callback", module: conferenceStatus, summary: { POST: "Status of a call's conference (joins, leaves; ?call= names the live call)" } },
  { path: "/api/telephony/campaign/agent-leg", tag: "Provider callbacks", ahead: "callback", module: campaignAgentLeg, summary: { POST: "A campaign call's agent answered (the Client's status callback): the leg hold and transfer move" } },
  { path: "/api/telephony/campaign/bridge-ended", tag: "Provider callbacks", ahead: "callback", module: campaignBridgeEnded, summary: { POST: "A campaign call's bridge to the agent ended (the Dial's action): the contact follows the agent into the call's conference, or the call is over" } },
  { path: "/api/telephony/participant", tag: "Provider callbacks", ahead: "callback", module: partyStatus, summary: { POST: "Final status of a party dialed into a call (?p= names the participant): one who never joined failed" } },
  { path: "/api/telephony/status", tag: "Provider callbacks", ahead: "callback", module: callStatus, summary: { POST: "Call status changes" } },
  { path: "/api/telephony/campaign/answer", tag: "Provider callbacks", ahead: "callback", module: campaignAnswer, summary: { POST: "A campaign call was answered" } },
  { path: "/api/telephony/campaign/status", tag: "Provider callbacks", ahead: "callback", module: campaignCallStatus, summary: { POST: "A campaign call's status changed" } },
  { path: "/api/telephony/campaign/recording", tag: "Provider callbacks", ahead: "callback", module: campaignRecording, summary: { POST: "A campaign call's recording is ready, for calls dialed with a recording of their own (before recordings were started at answer, reported at /api/telephony/recording)" } },
  { path: "/api/telephony/sms", tag: "Provider callbacks", ahead: "callback", module: smsIncoming, summary: { POST: "An incoming text message: store it once per MessageSid, honour STOP/START/HELP" }, form: { MessageSid: "The message's SID (SM… or MM…); a repeated delivery stores nothing more", AccountSid: "The provider account", From: "The sender's number", To: "The organization's number: it decides the organization", Body: "The text (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT alone opt the number out; START, UNSTOP, YES opt it back in; HELP, INFO get the help text)", NumMedia: "How many media files", "MediaUrl{N}": "The N-th media file (https)", "MediaContentType{N}": "Its content type" } },
  { path: "/api/telephony/sms-status", tag: "Provider callbacks", ahead: "callback", module: smsStatus, summary: { POST: "A sent message's delivery status; statuses only move forward" }, form: { MessageSid: "The message's SID", MessageStatus: "queued, sending, sent, delivered, undelivered, failed or read", ErrorCode: "The provider's error code on failure", message: "(query) our message id, named in the address we gave the provider" } },
  { path: "/api/voice/manual/twiml", tag: "Provider callbacks", ahead: "callback", module: manualTwiml, summary: { POST: "Instructions for a call placed from the call log" } },
  { path: "/api/voice/manual/status", tag: "Provider callbacks", ahead: "callback", module: manualStatus, summary: { POST: "Status of a call placed from the call log" } },

  { path: "/api/health", tag: "Service", module: health, summary: { GET: "Liveness: answers without authentication or database" } },
  {
    path: "/api/ready", tag: "Service", module: ready, ahead: "probe",
    summary: { GET: "Readiness for a load balancer: 200 when this server should get traffic, else 503 with the same body" },
    description: { GET: "`{ status, checks: { database, migrations, workers } }`, each check ok, pending (start-up has not got there) or failing. 200 with status ready when the database answers a SELECT 1 within 1.5 s (asked at every call), start-up applied every migration of this build, and pg-boss runs with this process's job workers registered. 503 with status starting (start-up not finished: answered at once, not held until it is), not_ready (the database does not answer, or pg-boss stopped) or stopping (SIGTERM received: the server drains for SHUTDOWN_DRAIN_SECONDS, then closes). Never cached." },
    responses: { GET: { "503": "Not ready: starting, a check failing, or shutting down (the same body)" } },
  },
  { path: "/api/operator/backup", tag: "Service", module: operatorBackup, summary: { GET: "A consistent copy of the embedded database (gzipped tarball of its data folder), for `npm run backup`" }, description: { GET: "Not for users: the operator token goes in the `X-Operator-Token` header, read from DATA_DIR/server.operator.json (mode 0600; a new token at each start), so only someone who can read the data folder can take a copy. The copy is taken between transactions: requests wait while the files are copied (about a second for 200 MB), not while it is compressed and sent. `npm run restore` loads it into an empty data folder. It does not hold DATA_DIR/secrets.json (ENCRYPTION_KEY, NEXTAUTH_SECRET): keep that apart." }, file: { GET: "application/gzip" }, responses: { GET: { "401": "No operator token, or not this server's", "409": "The server runs on PostgreSQL: back it up with pg_dump" } } },
];
