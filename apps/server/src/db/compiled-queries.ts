import type { Compilable } from 'kysely';
import type { QueryArgument } from './accelerator';
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
