// What an event says about the record it is about, for deciding who may
// receive it. The bus carries these fields and never decides: whoever opens a
// stream passes in its check (lib/auth/scope.ts's eventReceiver, through
// lib/routes/event-stream.ts).

/** Whose reach an event falls in: names the scope the API reads the same record with (personal: the user it names, nobody else). */
export type Visibility = "organization" | "department" | "owner" | "import" | "user" | "conversation" | "queue" | "personal";

/** The record an event is about, in the fields scopes name. */
export interface EventRecord {
  organization_id: number | null;
  department_id: number | null;
  /** The record's owner (a call's agent, an import's uploader), or the user it is about (an agent's state). */
  user_id: number | null;
  assigned_user_id: number | null;
}
