/**
 * Lookups by key asked for in one turn of the event loop, answered by one query. Requests that arrive
 * together are parsed in the same poll phase, each running its handler up to its first real wait before
 * the next is parsed; `setImmediate` runs after that phase, so every lookup those requests asked for goes
 * into one `WHERE key IN (...)` instead of one query (one pool checkout, one round trip) each. A lookup made
 * after the query has been sent waits for the next one: an answer never comes from a query that began
 * before it was asked for, so a write that has returned is always seen.
 */
export function batchedLookup<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 500,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  let batch: Map<K, { promise: Promise<V | undefined>; waiter: Waiter }> | null = null;

  function run(keys: Map<K, { waiter: Waiter }>) {
    loadMany([...keys.keys()]).then(
      (found) => {
        for (const [key, { waiter }] of keys) waiter.resolve(found.get(key));
      },
      (err: unknown) => {
        for (const { waiter } of keys.values()) waiter.reject(err);
      },
    );
  }

  return (key) => {
    if (!batch) {
      const current = (batch = new Map());
      setImmediate(() => {
        if (batch === current) batch = null;
        run(current);
      });
    }
    let entry = batch.get(key);
    if (!entry) {
      let waiter!: Waiter;
      const promise = new Promise<V | undefined>((resolve, reject) => (waiter = { resolve, reject }));
      entry = { promise, waiter };
      batch.set(key, entry);
      // A full batch goes as it is (its turn's setImmediate sends it); later keys start the next one.
      if (batch.size >= maxBatch) batch = null;
    }
    return entry.promise;
  };
}
