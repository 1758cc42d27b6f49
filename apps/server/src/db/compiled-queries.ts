import type { Compilable } from 'kysely';
import type { Query, QueryArgument } from './accelerator';
import type { Db } from './handle';

/** A query's SQL built once, and where each call's arguments go among its parameters. */
export interface CompiledWithSlots {
  sql: string;
  /** Each parameter of the SQL: one of the caller's arguments, or a value fixed by the query. */
  slots: Array<{ arg: number } | { value: unknown }>;
}

/**
 * Builds the query once with placeholder arguments, and refuses one whose arguments do not each
 * come back as exactly one parameter (an `in (...)` list, an identifier, a computed value).
 */
export function compileWithPlaceholders<Args extends QueryArgument[]>(db: Db, build: (db: Db, ...args: Args) => Compilable<unknown>, argCount: number): CompiledWithSlots {
  // Strings stand in for every argument, numbers too: `build` only places them as values.
  const placeholders = Array.from({ length: argCount }, (_, i) => `\u0000prepared-argument-${i}\u0000`);
  const query = build(db, ...(placeholders as Args)).compile();
  const slots = query.parameters.map((value) => {
    const arg = placeholders.indexOf(value as string);
    return arg >= 0 ? { arg } : { value };
  });
  placeholders.forEach((_, i) => {
    if (slots.filter((slot) => 'arg' in slot && slot.arg === i).length !== 1) {
      throw new Error(`hot query: argument ${i} must appear exactly once as a parameter in ${query.sql}`);
    }
  });
  return { sql: query.sql, slots };
}

/** The parameters of one call: its arguments where the placeholders were, the query's own values elsewhere. */
export function parametersOf(compiled: CompiledWithSlots, args: readonly QueryArgument[]): unknown[] {
  return compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
}

/**
 * A cache of `compileWithPlaceholders` per query function and argument count: a query with a rest
 * parameter is a different statement for each count. `Extra` is what a runner keeps beside the
 * SQL (the embedded runner: its prepared statement), set on the cached entry on first use.
 */
export function compileOncePerQuery<Extra extends object = object>(): <Args extends QueryArgument[], Row>(
  db: Db,
  query: Query<Args, Row>,
  argCount: number,
) => CompiledWithSlots & Partial<Extra> {
  const byQuery = new Map<Query<never, unknown>, Map<number, CompiledWithSlots & Partial<Extra>>>();
  return (db, query, argCount) => {
    let byCount = byQuery.get(query as Query<never, unknown>);
    if (!byCount) byQuery.set(query as Query<never, unknown>, (byCount = new Map()));
    let compiled = byCount.get(argCount);
    // Nothing beside the SQL yet: every field of `Extra` is optional.
    if (!compiled) byCount.set(argCount, (compiled = compileWithPlaceholders(db, query, argCount) as CompiledWithSlots & Partial<Extra>));
    return compiled;
  };
}
