// Settings every organization starts with (admin pages change them).
export const DEFAULT_SETTINGS = {
  import: {
    max_import_size: 10_000,
    duplicate_handling: "skip",
    auto_tag: null,
    strictness: "lenient",
    phone_formatting: true,
    default_country: "US",
  },
  duplicates: {
    fuzzy_name_threshold: 70,
    email_matching: false,
    merge_behavior: "manual",
    conflict_rule: "keep_newest",
    similar_name_alone: false,
  },
  retention: {
    inactive_contact_days: null,
    keep_opted_out: true,
  },
  organization: {
    time_zone: "America/New_York",
  },
  // Nobody is made to set up a second factor until an admin says so (Settings → Security).
  security: {
    two_factor_required: "nobody",
  },
  calls: {
    // Recordings are the admins' and the department's managers' to play until an admin lets agents hear their own.
    agents_play_own_recordings: false,
    // Recordings are kept until an admin sets a retention period.
    recording_retention_days: null,
    // No announcement until an admin writes one (Settings → Telephony → Recordings).
    recording_consent: { text: null, audio_url: null, opt_out_digit: null, outbound: false, numbers: {} },
    payments: { connector: null, currency: "usd", security_code: true, postal_code: false, card_types: ["visa", "mastercard", "amex"] },
    disposition_required: false,
    // An offer queue rings the caller's last agent first when they talked within this many days (0: never).
    sticky_agent_days: 7,
  },
  // No plan: inbound calls are enqueued at once, as the specification states.
  routing: {
    plans: [],
  },
  sms: {
    sms_numbers: [],
    help_text: "Reply STOP to stop receiving messages, START to receive them again. Msg & data rates may apply.",
    quiet_hours: { start: "21:00", end: "08:00" },
    time_zone: "America/New_York",
    assign_conversations: false,
    whatsapp: { sender: null, templates: [] },
  },
} as const;
