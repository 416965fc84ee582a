import type { GetAnswer } from "@/lib/client/swr/use-api-get";

/** A duplicate group as GET /api/contacts/duplicates answers it: its contacts and the evidence for each pair. */
export type DuplicateGroupView = GetAnswer<"/api/contacts/duplicates">["data"][number];
export type GroupContact = DuplicateGroupView["contacts"][number];
export type PairSignalsView = DuplicateGroupView["signals"][number];
