import type { ExportSql } from '../../odsql';
import type { EngineCopy } from '../engine/types';
import type { EngineExport } from './types';

/** An engine that writes export files itself: its `COPY` and the SQL of the cells it writes. */
export interface EngineFileWriter {
  readonly copy: EngineCopy;
  readonly sql: ExportSql;
}

/**
 * The engine's own file writer (DuckDB), or none (ClickHouse): then the formats write the file from the
 * streamed rows (rows-*.ts), into the same bytes where the format allows.
 */
export function engineFileWriter(plan: Pick<EngineExport, 'engine'>): EngineFileWriter | undefined {
  const { engine } = plan;
  const sql = engine.dialect.exportSql;
  if (!engine.copy || !sql) return undefined;
  return { copy: engine.copy.bind(engine), sql };
}
