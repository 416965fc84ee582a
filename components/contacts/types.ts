import type { components } from "@/lib/client/api/schema";

/** A contact as the pages receive it (the document's Contact: dates as strings). */
export type ContactView = components["schemas"]["Contact"];

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
