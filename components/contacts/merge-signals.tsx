import type { DuplicateGroupView } from "./duplicate-types";

/** The evidence for each pair of a group, in words: why these contacts look like one person. */
export function MergeSignals({ group }: { group: DuplicateGroupView }) {
  const name = (id: number) => group.contacts.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <ul className="small" aria-label="Why these look alike" style={{ margin: 0, paddingLeft: 18 }}>
      {group.signals.map((pair) => (
        <li key={pair.contact_ids.join("-")}>
          {name(pair.contact_ids[0])} and {name(pair.contact_ids[1])}:{" "}
          {[pair.same_email && "same email", pair.same_company && "same company", pair.same_phone_digits && "same phone digits", `names ${Math.round(pair.name_similarity * 100)}% alike`]
            .filter(Boolean)
            .join(", ")}
        </li>
      ))}
    </ul>
  );
}
