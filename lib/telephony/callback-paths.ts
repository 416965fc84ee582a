// Where the provider calls the service back, each named once (issue 62,
// point 4): the domain's answers and the adapter's REST requests name these,
// never a spelled-out path. Each is a route folder under app/api/telephony
// (lib/telephony/callback-paths.test.ts); query strings are added by whoever
// needs one.
export const CALLBACK_PATHS = {
  /** A call to one of the organization's numbers. */
  inbound: "/api/telephony/inbound",
  /** A call's final status. */
  status: "/api/telephony/status",
  /** The browser softphone's outgoing call (the voice application's address). */
  handleCall: "/api/telephony/handle-call",
  /** The caller waiting in line: their place and the hold music, again and again. */
  queueWait: "/api/telephony/queue-wait",
  /** The caller left the line (answered, hung up, or handed back). */
  dequeue: "/api/telephony/dequeue",
  /** An agent's softphone joins the caller it accepted. */
  agentDialQueue: "/api/telephony/agent-dial-queue",
  /** The caller answered the menu. */
  menu: "/api/telephony/menu",
  /** The caller heard the recording announcement (and pressed its key or not). */
  consent: "/api/telephony/consent",
  /** An outgoing call's recording announcement. */
  announcement: "/api/telephony/announcement",
  /** The caller pressed the key that asks to be called back. */
  callbackRequest: "/api/telephony/callback",
  /** A forwarded call ended. */
  forwarded: "/api/telephony/forwarded",
  /** A conference (a live call) changed. */
  conference: "/api/telephony/conference",
  /** A party added to a live call changed. */
  participant: "/api/telephony/participant",
  /** A card payment on a call moved. */
  payment: "/api/telephony/payment",
  /** A call's recording is ready. */
  recording: "/api/telephony/recording",
  /** A voicemail was recorded… */
  voicemail: "/api/telephony/voicemail",
  /** …and transcribed. */
  voicemailTranscription: "/api/telephony/voicemail/transcription",
  /** A campaign's dialed contact answered. */
  campaignAnswer: "/api/telephony/campaign/answer",
  /** A campaign call's status. */
  campaignStatus: "/api/telephony/campaign/status",
  /** The agent's leg of a campaign call. */
  campaignAgentLeg: "/api/telephony/campaign/agent-leg",
  /** A campaign call's bridge to its agent ended. */
  campaignBridgeEnded: "/api/telephony/campaign/bridge-ended",
  /** A campaign call's recording is ready. */
  campaignRecording: "/api/telephony/campaign/recording",
  /** An incoming text message. */
  sms: "/api/telephony/sms",
  /** A sent message's delivery status. */
  smsStatus: "/api/telephony/sms-status",
} as const;
