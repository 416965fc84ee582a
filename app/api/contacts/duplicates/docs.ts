import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "Duplicate groups: same email when enabled, similar names at the configured threshold" },
  description: {
    GET: prose`Each group lists the evidence for each pair (\`signals\`: same_email, same_company, same_phone_digits,
      name_similarity 0–1). A similar name alone is not offered unless the company or the phone's last 8 digits agree
      too, or Settings → Duplicates allows it (similar_name_alone); pairs marked not a duplicate never are. Phones are
      unique within an organization (a second contact with the same phone is refused when created or imported), so
      reason=phone finds none. Similar names are compared within a 3-second budget; meta.complete is false when it ran
      out (then q, a part of the name, narrows the comparison). q also keeps only groups whose email or name contains
      it.`,
  },
};
