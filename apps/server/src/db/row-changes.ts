import type SQLite from 'better-sqlite3';

/**
 * Tells the process about every row a statement inserts, updates or deletes in `table`, by
 * the value of one of its columns, so in-memory copies of rows can be forgotten the moment
 * they stop being true (decision 0011). SQLite does the telling, so nothing is missed: raw
 * SQL, bulk updates and cascades included. The triggers are temporary: they belong to this
 * connection and are never written to the database file. Create them after migrations, which
 * may rebuild tables and would drop them.
 *
 * `forget` runs inside the statement and must not touch the database. A transaction that is
 * rolled back afterwards fires nothing more: its rows were forgotten and simply get read again.
 */
export function watchRowChanges(sqlite: SQLite.Database, table: string, column: string, forget: (key: string) => void): void {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(column)) throw new Error(`watchRowChanges: unexpected name ${table}.${column}`);
  const name = `bloom_forget_${table}_${column}`;
  let watchers = listenersByConnection.get(sqlite);
  if (!watchers) listenersByConnection.set(sqlite, (watchers = new Map()));
  const existing = watchers.get(name);
  if (existing) {
    existing.add(forget);
    return;
  }
  const listeners = new Set([forget]);
  watchers.set(name, listeners);
  sqlite.function(name, (key: unknown) => {
    if (key !== null) for (const listener of listeners) listener(String(key));
    return null;
  });
  const calls = {
    insert: `${name}(new.${column})`,
    update: `${name}(old.${column}), ${name}(new.${column})`,
    delete: `${name}(old.${column})`,
  };
  for (const [event, call] of Object.entries(calls)) {
    sqlite.exec(`create temp trigger if not exists ${name}_${event} after ${event} on main.${table} begin select ${call}; end`);
  }
}

const listenersByConnection = new WeakMap<SQLite.Database, Map<string, Set<(key: string) => void>>>();
