import type SQLite from 'better-sqlite3';

/** Updates that change nothing but `columns` go to `listener` (by the new key) instead of `forget`. */
export interface ChangedOnly {
  columns: readonly string[];
  listener: (key: string) => void;
}

/**
 * Tells the process about every row a statement inserts, updates or deletes in `table`, by
 * the value of one of its columns, so in-memory copies of rows can be forgotten the moment
 * they stop being true (decision 0011). SQLite does the telling, so nothing is missed: raw
 * SQL, bulk updates and cascades included. The triggers are temporary: they belong to this
 * connection and are never written to the database file. Create them after migrations, which
 * may rebuild tables and would drop them.
 *
 * With `changedOnly`, an update that leaves every other column as it was (compared with
 * `is`, so nulls count) is reported to its listener instead: a copy may then be brought up
 * to date rather than dropped (decision 0012).
 *
 * Listeners run inside the statement and must not touch the database. A transaction that is
 * rolled back afterwards fires nothing more: its rows were forgotten and simply get read again.
 */
export function watchRowChanges(sqlite: SQLite.Database, table: string, column: string, forget: (key: string) => void, changedOnly?: ChangedOnly): void {
  for (const name of [table, column, ...(changedOnly?.columns ?? [])]) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`watchRowChanges: unexpected name ${name}`);
  }
  const name = `bloom_forget_${table}_${column}${changedOnly ? `_except_${changedOnly.columns.join('_')}` : ''}`;
  const othersUnchanged = changedOnly ? unchangedExcept(sqlite, table, changedOnly.columns) : undefined;
  if (changedOnly) addListener(sqlite, `${name}_only`, changedOnly.listener);
  if (!addListener(sqlite, name, forget)) {
    const calls = {
      insert: `${name}(new.${column})`,
      update: `${name}(old.${column}), ${name}(new.${column})`,
      delete: `${name}(old.${column})`,
    };
    for (const [event, call] of Object.entries(calls)) {
      const when = event === 'update' && othersUnchanged ? ` when not (${othersUnchanged})` : '';
      sqlite.exec(`create temp trigger if not exists ${name}_${event} after ${event} on main.${table}${when} begin select ${call}; end`);
    }
    if (othersUnchanged) {
      sqlite.exec(`create temp trigger if not exists ${name}_only after update on main.${table} when ${othersUnchanged} begin select ${name}_only(new.${column}); end`);
    }
  }
}

/** `old.a is new.a and old.b is new.b ...` over every column of `table` but `columns`. */
function unchangedExcept(sqlite: SQLite.Database, table: string, columns: readonly string[]): string {
  const all = (sqlite.pragma(`table_info(${table})`) as Array<{ name: string }>).map((info) => info.name);
  const missing = columns.filter((name) => !all.includes(name));
  if (missing.length > 0) throw new Error(`watchRowChanges: ${table} has no column ${missing.join(', ')}`);
  return all
    .filter((name) => !columns.includes(name))
    .map((name) => `old."${name}" is new."${name}"`)
    .join(' and ');
}

/** Adds a listener to the SQL function `name`; false when the function (and its triggers) must still be created. */
function addListener(sqlite: SQLite.Database, name: string, listener: (key: string) => void): boolean {
  let byName = listenersByConnection.get(sqlite);
  if (!byName) listenersByConnection.set(sqlite, (byName = new Map()));
  const existing = byName.get(name);
  if (existing) {
    existing.add(listener);
    return true;
  }
  const listeners = new Set([listener]);
  byName.set(name, listeners);
  sqlite.function(name, (key: unknown) => {
    if (key !== null) for (const each of listeners) each(String(key));
    return null;
  });
  return false;
}

const listenersByConnection = new WeakMap<SQLite.Database, Map<string, Set<(key: string) => void>>>();
