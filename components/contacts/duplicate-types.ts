export interface GroupContact {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  tags: string[];
  total_calls: number;
  last_called_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PairSignalsView {
  contact_ids: [number, number];
  same_email: boolean;
  same_company: boolean;
  same_phone_digits: boolean;
  name_similarity: number;
}

export interface DuplicateGroupView {
  reason: "phone" | "email" | "name";
  key: string;
  contact_ids: number[];
  signals: PairSignalsView[];
  contacts: GroupContact[];
}
