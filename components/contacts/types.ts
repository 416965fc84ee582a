import type { ApiContact } from "@/lib/contacts/serialize-contact";

/** A contact as the pages receive it (dates as strings). */
export type ContactView = Omit<ApiContact, "created_at" | "updated_at" | "last_called_at" | "archived_at" | "opted_out_at"> & {
  opted_out_at: string | null;
  created_at: string;
  updated_at: string;
  last_called_at: string | null;
  archived_at: string | null;
};

export interface CustomFieldView {
  id: number;
  name: string;
  label: string;
  field_type: "text_short" | "text_long" | "integer" | "decimal" | "date" | "dropdown" | "checkbox";
  options: string[];
  required: boolean;
  visible_to: string[];
  display_order: number;
  archived_at: string | null;
}

export interface DepartmentView {
  id: number;
  name: string;
}

export interface TagView {
  name: string;
  contact_count: number;
  is_dnc: boolean;
}
