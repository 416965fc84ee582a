import { EVENT_RETURNING } from "./announcement-sql";
import { EVENT_CONTRACT, type EventPayload, type EventType } from "./event-contract";

// Events written by SQL statements, rendered from the event contract: a
// statement that makes a change writes its event in the same round trip (a
// caller's arrival, an offer, a bulk of contacts), and what it writes is the
// contract's type, visibility and payload, field for field. The expressions
// are SQL over the statement's own rows (never a value of a user's: those are
// parameters of the statement), typed by the payload so a field missing or
// not in the contract fails to compile.

/** SQL expressions giving the record an event is about; a field not given is NULL. */
export interface EventRecordSql {
  organization_id: string;
  department_id?: string;
  user_id?: string;
  assigned_user_id?: string;
}

export interface EventRowsSpec<T extends EventType> {
  type: T;
  record: EventRecordSql;
  /** One SQL expression per field of the payload. */
  data: { [K in keyof EventPayload<T>]-?: string };
  /** Where the rows come from: `FROM …` with any WHERE or ORDER BY. */
  from: string;
}

declare const rendered: unique symbol;
/** One SELECT of event rows, rendered from the contract. */
export type EventRows = string & { [rendered]: true };

/** The rows of events of one type a statement writes: one per row of `from`. */
export function eventRows<T extends EventType>({ type, record, data, from }: EventRowsSpec<T>): EventRows {
  const fields = Object.keys(EVENT_CONTRACT[type].payload.shape);
  const given = data as Record<string, string>;
  const missing = fields.filter((field) => !(field in given));
  const extra = Object.keys(given).filter((field) => !fields.includes(field));
  if (missing.length || extra.length) throw new Error(`${type}: the payload's fields are ${fields.join(", ")}`);
  const payload = fields.map((field) => `'${field}', ${given[field]}`).join(", ");
  const scope = [record.organization_id, record.department_id ?? "NULL::int", record.user_id ?? "NULL::int", record.assigned_user_id ?? "NULL::int"];
  return `SELECT ${scope.join(", ")}, '${EVENT_CONTRACT[type].visibility}', '${type}', jsonb_build_object(${payload}) ${from}` as EventRows;
}

/**
 * The INSERT writing these rows of events, returning what announcement-sql.ts
 * announces them with. The only place an INSERT INTO events is spelled outside
 * publish-event.ts (event-contract.test.ts holds every other file to it).
 */
export function insertEvents(...rows: EventRows[]): string {
  const select = rows.length === 1 ? rows[0] : rows.map((each) => `(${each})`).join(" UNION ALL ");
  return `INSERT INTO events (organization_id, department_id, user_id, assigned_user_id, visibility, type, data) ${select} RETURNING ${EVENT_RETURNING}`;
}
