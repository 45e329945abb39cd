/**
 * FROM items that one module builds over its own tables for other modules' one-query reads
 * (docs/architecture.md → Boundaries): a parenthesised subquery with declared columns. A FROM
 * item is still the `SQL` it always was (`from ${usersSql()} u`), and it carries its columns: as
 * a type, so a consumer's `usersSql().alias('u').col('name')` fails to compile when the owner renames
 * one, and as a list, so `db/sql-fragments.test.ts` runs every FROM item of the modules'
 * `sql.ts` files (`select * from (…) x limit 0`) and compares the database's columns with it.
 */
import { sql, type SQL } from 'drizzle-orm';

const FROM_ITEM = Symbol.for('cratebase.from-item');

/** Every column of `Row`, each exactly once: the list kept for the column test. */
export type ColumnList<Row> = { readonly [K in keyof Row & string]-?: true };

export type FromItem<Row> = SQL & {
  /** The declared columns, in declaration order. */
  readonly columns: readonly (keyof Row & string)[];
  /** The item under `alias`: `from` is `(subquery) alias`, `col(name)` is `alias.name`. */
  alias(alias: string): { readonly from: SQL; col(name: keyof Row & string): SQL };
  /** Only the type: `db.execute<typeof item.row>` (no value at run time). */
  readonly row?: Row;
};

/** A function building a FROM item (ids of the rows it keeps as parameters), with its columns on it. */
export type FromItemBuilder<Args extends unknown[], Row> = ((...args: Args) => FromItem<Row>) & {
  readonly columns: readonly (keyof Row & string)[];
  /** How many parameters it takes (the column test passes that many nulls). */
  readonly arity: number;
};

/**
 * Declares a FROM item builder over a row type:
 * `fromItem<{ id: string; name: string }>()({ id: true, name: true }, () => sql\`(select id, name from t)\`)`.
 */
export function fromItem<Row>() {
  return <Args extends unknown[]>(columns: ColumnList<Row>, build: (...args: Args) => SQL): FromItemBuilder<Args, Row> => {
    const names = Object.keys(columns) as (keyof Row & string)[];
    const make = (...args: Args): FromItem<Row> => {
      const query = build(...args);
      return Object.assign(query, {
        [FROM_ITEM]: true,
        columns: names,
        alias(alias: string) {
          const a = sql.identifier(alias);
          return { from: sql`${query} ${a}`, col: (name: keyof Row & string) => sql`${a}.${sql.identifier(name)}` };
        },
      });
    };
    return Object.assign(make, { [FROM_ITEM]: true, columns: names, arity: build.length });
  };
}

/** Whether a module export is a FROM item builder (the column test's finder). */
export function isFromItemBuilder(value: unknown): value is FromItemBuilder<unknown[], Record<string, unknown>> {
  return typeof value === 'function' && FROM_ITEM in value;
}
