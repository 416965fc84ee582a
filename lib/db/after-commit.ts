import "server-only";

// Work that must wait for a transaction's commit (Django's on_commit): the
// announcement of events, which must not be heard before their rows can be
// read, nor be heard at all when the transaction rolls back. lib/db/client.ts
// opens every interactive transaction through runInTransaction.

type Work = () => void;
const pending = new WeakMap<object, Work[]>();

/** Runs `fn`'s transaction, then the work it left for after the commit; a rollback drops that work. */
export async function runInTransaction<T, C extends object>(begin: (fn: (tx: C) => Promise<T>) => Promise<T>, fn: (tx: C) => Promise<T>): Promise<T> {
  let works: Work[] = [];
  const result = await begin((tx) => {
    works = [];
    pending.set(tx, works);
    return fn(tx);
  });
  for (const work of works) work();
  return result;
}

/**
 * Runs `work` once `db`'s transaction has committed; given the client
 * itself (no transaction: its statement has committed already), at once.
 */
export function afterCommit(db: object, work: Work): void {
  const works = pending.get(db);
  if (works) works.push(work);
  else work();
}
