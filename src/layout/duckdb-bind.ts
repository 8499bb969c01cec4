import { DOUBLE, type DuckDBPreparedStatement, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { SqlParam } from './sql';

/* How a query's values are bound in DuckDB: by the engines of the server and the compiler's test database. */

/**
 * Binds `$1…$n`. Integral numbers bind as BIGINT (so `LIMIT $1` works), other numbers as DOUBLE; lists bind
 * as VARCHAR[] or DOUBLE[] after their elements.
 */
export function bindParams(prepared: DuckDBPreparedStatement, params: readonly SqlParam[]): void {
  params.forEach((param, i) => {
    const index = i + 1;
    if (param === null) prepared.bindNull(index);
    else if (typeof param === 'string') prepared.bindVarchar(index, param);
    else if (typeof param === 'boolean') prepared.bindBoolean(index, param);
    else if (typeof param === 'number') {
      if (Number.isSafeInteger(param)) prepared.bindBigInt(index, BigInt(param));
      else prepared.bindDouble(index, param);
    } else if (param.every((item: string | number) => typeof item === 'string')) {
      prepared.bindList(index, listValue([...param]), LIST(VARCHAR));
    } else {
      prepared.bindList(index, listValue([...param]), LIST(DOUBLE));
    }
  });
}
