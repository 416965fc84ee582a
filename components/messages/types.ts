// What the Messages page reads from the API (lib/messages/serialize-*.ts).

export interface ConversationRow {
  id: number;
  phone: string;
  our_number: string | null;
  contact: { id: number; name: string; company: string | null; email: string | null } | null;
  status: "open" | "closed";
  department_id: number | null;
  assigned_user: { id: number; name: string } | null;
  unread_count: number;
  last_message: { id: number; body: string; direction: string; status: string; created_at: string } | null;
  last_message_at: string;
  sms_opted_out_at: string | null;
}

export interface MessageRow {
  id: number;
  direction: "inbound" | "outbound";
  body: string;
  media: { url: string; content_type: string | null }[];
  status: string;
  error_code: string | null;
  error_message: string | null;
  encoding: string;
  segments: number;
  origin: string;
  send_after: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
}

export interface Thread {
  conversation: ConversationRow;
  data: MessageRow[];
  meta: { limit: number; has_more: boolean; next_before: number | null };
}

export interface MessageTemplate {
  id: number;
  name: string;
  body: string;
}
