// A unit of work in one statement (docs/decisions/017-checkout-throughput.md): the module that
// owns a table writes its part (an INSERT or UPDATE), another module's statement runs it as a
// data-modifying CTE beside its own. One statement is atomic and one round trip: all parts
// commit together or none does.

/** Adds a parameter to the statement being built; answers its placeholder ($n). */
export type Param = (value: unknown) => string;

export interface SqlPart {
  /**
   * The part's INSERT or UPDATE. `guard` names a relation of the statement (a CTE): the part
   * writes only when it has a row, so nothing is written beside a main write that matched nothing.
   */
  sql(param: Param, guard: string): string;
}

/**
 * A read of at most one row that another module's statement runs beside its own work, saving a
 * round trip (decision 021): a SELECT naming its columns. It sees the database as the statement
 * began, as a read sent just before it would.
 */
export type ReadPart = (param: Param) => string;

/** A parameter list and its placeholder maker, numbering after `initial`. */
export function parameters(initial: unknown[]): { values: unknown[]; param: Param } {
  const values = [...initial];
  return {
    values,
    param: (value) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/** Runs a part on its own (guard: a one-row relation). */
export function standalone(part: SqlPart): { text: string; values: unknown[] } {
  const { values, param } = parameters([]);
  return { text: `WITH one AS (SELECT 1) ${part.sql(param, 'one')}`, values };
}
