/**
 * The order to fill tables in so that every row's foreign keys find the rows
 * they name: referenced tables first. A table naming itself (a contact merged
 * into another contact) needs no order: a COPY checks its foreign keys at the
 * end of the statement, when all its rows are in. A cycle between tables (A
 * names B, B names A) has no such order; the foreign keys that close one are
 * answered in `deferred`: the move makes them DEFERRABLE for its transaction,
 * so they are checked once every table is in.
 */

export interface ForeignKey {
  /** The constraint's name and the table (schema.table) it is on. */
  name: string;
  table: string;
  /** The table its rows name. */
  references: string;
}

export interface CopyOrder {
  tables: string[];
  deferred: ForeignKey[];
}

export function copyOrder(tables: string[], foreignKeys: ForeignKey[]): CopyOrder {
  const known = new Set(tables);
  const edges = foreignKeys.filter((key) => key.table !== key.references && known.has(key.table) && known.has(key.references));
  const state = new Map<string, "visiting" | "done">();
  const order: string[] = [];
  const deferred: ForeignKey[] = [];
  // Depth first, referenced tables before the tables naming them; a key that
  // leads back to a table still being visited closes a cycle.
  const visit = (table: string): void => {
    state.set(table, "visiting");
    for (const key of edges.filter((each) => each.table === table)) {
      const seen = state.get(key.references);
      if (seen === "visiting") deferred.push(key);
      else if (!seen) visit(key.references);
    }
    state.set(table, "done");
    order.push(table);
  };
  // Sorted first: the same schema gives the same order every time.
  for (const table of [...tables].sort()) if (!state.has(table)) visit(table);
  return { tables: order, deferred };
}
