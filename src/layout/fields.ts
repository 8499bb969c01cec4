import type { FieldAnnotations } from '../api/types';
import type { FieldType } from './columns';
import { ELEVATION_COLUMN, FEATURE_ID_COLUMN, type FeatureSummary, GEOMETRY_SOURCE } from './features';
import { deduplicateNames, humanize, toSnakeCase } from './field-names';
import type { SourceColumn } from './sources';

/*
 * Resolving a dataset's fields: each declared field (or each inferred one) is tied to where its values
 * come from in the staging tables and to the ODSQL type it will have. Ingestion and the compiler's test
 * database resolve their fields here, so the records writer (records.ts) reads both alike.
 */

/** A field as a descriptor declares it (server/ingest/descriptor.ts checks and normalises it). */
export interface FieldSpec {
  readonly name: string;
  /** Column of the source (default: `name`); `@id`, `@geometry`, `@elevation` in GeoJSON and TopoJSON. */
  readonly source: string;
  /** Declared type, or `undefined` to take it from the source column. */
  readonly type: FieldType | undefined;
  readonly label: string | undefined;
  readonly description: string | null;
  readonly annotations: FieldAnnotations;
  /** How to read a date or datetime: a strptime pattern, `epoch_ms` or `epoch_s`. */
  readonly format: string | undefined;
}

export interface GeoPointSpec {
  readonly lat: string;
  readonly lon: string;
  readonly field: string;
}

/** What field resolution reads of a dataset descriptor. */
export interface FieldDeclarations {
  /** Declared fields, or `undefined` to infer them from the source columns. */
  readonly fields: readonly FieldSpec[] | undefined;
  readonly geoPoint: GeoPointSpec | undefined;
  /** The column of a joined file matched against the source (left out of inferred fields). */
  readonly join: { readonly key: string } | undefined;
}

export interface ColumnInput {
  readonly kind: 'column';
  /** `source`: the main file; `join`: the joined file. */
  readonly side: 'source' | 'join';
  readonly column: string;
  /** DuckDB type of the staging column. */
  readonly columnType: string;
}

export type FieldInput =
  | ColumnInput
  | { readonly kind: 'lat_lon'; readonly lat: ColumnInput; readonly lon: ColumnInput }
  /** The feature geometry of a GeoJSON or TopoJSON source. */
  | { readonly kind: 'geometry' };

export interface ResolvedField {
  readonly name: string;
  readonly type: FieldType;
  readonly label: string;
  readonly description: string | null;
  readonly annotations: FieldAnnotations;
  readonly input: FieldInput;
  readonly format: string | undefined;
}

export interface StagedColumns {
  readonly source: readonly SourceColumn[];
  readonly join: readonly SourceColumn[];
  readonly features: FeatureSummary | undefined;
}

const INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
]);
const DOUBLE_TYPES = new Set(['FLOAT', 'DOUBLE', 'UBIGINT', 'HUGEINT', 'UHUGEINT']);
const TEXT_TYPES = new Set(['VARCHAR', 'JSON', 'UUID', 'TIME', 'INTERVAL', 'TIME WITH TIME ZONE']);

export function isListType(type: string): boolean {
  return type.endsWith('[]');
}

/**
 * The ODSQL type of a DuckDB column type; `undefined` for what has no ODSQL counterpart (BLOB, BIT).
 * Lists become multivalued text; structures and maps become their JSON text.
 */
export function odsqlTypeOf(type: string): { type: FieldType; multivalued: boolean } | undefined {
  if (isListType(type)) return { type: 'text', multivalued: true };
  if (type === 'BOOLEAN') return { type: 'boolean', multivalued: false };
  if (INTEGER_TYPES.has(type)) return { type: 'int', multivalued: false };
  if (DOUBLE_TYPES.has(type) || type.startsWith('DECIMAL')) return { type: 'double', multivalued: false };
  if (type === 'DATE') return { type: 'date', multivalued: false };
  if (type.startsWith('TIMESTAMP')) return { type: 'datetime', multivalued: false };
  if (
    TEXT_TYPES.has(type) ||
    type.startsWith('ENUM') ||
    type.startsWith('STRUCT') ||
    type.startsWith('MAP')
  ) {
    return { type: 'text', multivalued: false };
  }
  return undefined;
}

class Columns {
  constructor(private readonly staged: StagedColumns) {}

  find(name: string): ColumnInput | undefined {
    const own = this.staged.source.find((c) => c.name === name);
    if (own) return { kind: 'column', side: 'source', column: own.name, columnType: own.type };
    const joined = this.staged.join.find((c) => c.name === name);
    if (joined) return { kind: 'column', side: 'join', column: joined.name, columnType: joined.type };
    return undefined;
  }

  get(name: string, where: string): ColumnInput {
    const found = this.find(name);
    if (found) return found;
    const known = [...this.staged.source, ...this.staged.join]
      .map((c) => c.name)
      .filter((n) => !n.startsWith('@'));
    throw new Error(`${where}: the source has no column "${name}" (columns: ${known.join(', ')})`);
  }
}

/** Declared multivalued separator, or ',' for a list column read as text. */
function withMultivalued(
  annotations: FieldAnnotations,
  input: FieldInput,
  type: FieldType,
): FieldAnnotations {
  if (type !== 'text' || annotations.multivalued !== undefined) return annotations;
  if (input.kind === 'column' && isListType(input.columnType)) return { ...annotations, multivalued: ',' };
  return annotations;
}

function geometryType(spec: FieldSpec, staged: StagedColumns): FieldType {
  if (!staged.features) {
    throw new Error(`field "${spec.name}": "${GEOMETRY_SOURCE}" only exists in GeoJSON and TopoJSON sources`);
  }
  const type = spec.type ?? (staged.features.allPoints ? 'geo_point_2d' : 'geo_shape');
  if (type !== 'geo_point_2d' && type !== 'geo_shape') {
    throw new Error(`field "${spec.name}": a geometry is read as geo_point_2d or geo_shape, not ${type}`);
  }
  return type;
}

function resolveDeclared(spec: FieldSpec, columns: Columns, staged: StagedColumns): ResolvedField {
  const where = `field "${spec.name}"`;
  if (spec.source === GEOMETRY_SOURCE) {
    return {
      name: spec.name,
      type: geometryType(spec, staged),
      label: spec.label ?? humanize(spec.name),
      description: spec.description,
      annotations: spec.annotations,
      input: { kind: 'geometry' },
      format: spec.format,
    };
  }
  const input = columns.get(spec.source, where);
  let type = spec.type ?? (spec.annotations.multivalued !== undefined ? 'text' : undefined);
  if (!type) {
    const inferred = odsqlTypeOf(input.columnType);
    if (!inferred)
      throw new Error(`${where}: column type ${input.columnType} has no field type; declare "type"`);
    type = inferred.type;
  }
  if (type === 'geo_shape') {
    throw new Error(
      `${where}: geo_shape fields are read from GeoJSON or TopoJSON ("source": "${GEOMETRY_SOURCE}")`,
    );
  }
  return {
    name: spec.name,
    type,
    label: spec.label ?? (spec.source !== spec.name ? spec.source : humanize(spec.name)),
    description: spec.description,
    annotations: withMultivalued(spec.annotations, input, type),
    input,
    format: spec.format,
  };
}

function geoPointField(
  descriptor: FieldDeclarations,
  columns: Columns,
  declared: FieldSpec | undefined,
): ResolvedField {
  const spec = descriptor.geoPoint;
  if (!spec) throw new Error('no geo_point in the descriptor');
  const where = `geo_point "${spec.field}"`;
  if (declared?.type !== undefined && declared.type !== 'geo_point_2d') {
    throw new Error(`${where}: the field is declared ${declared.type}, not geo_point_2d`);
  }
  return {
    name: spec.field,
    type: 'geo_point_2d',
    label: declared?.label ?? humanize(spec.field),
    description: declared?.description ?? null,
    annotations: declared?.annotations ?? {},
    input: { kind: 'lat_lon', lat: columns.get(spec.lat, where), lon: columns.get(spec.lon, where) },
    format: undefined,
  };
}

/** Fields inferred from the staged columns: every column but the reserved ones and geo_point's lat/lon. */
function inferFields(
  descriptor: FieldDeclarations,
  staged: StagedColumns,
  warn: (m: string) => void,
): ResolvedField[] {
  const skipped = new Set([descriptor.geoPoint?.lat, descriptor.geoPoint?.lon, descriptor.join?.key]);
  const candidates: { label: string; input: FieldInput; type: FieldType; multivalued: boolean }[] = [];
  const seen = new Set<string>();
  const sides = [
    ['source', staged.source],
    ['join', staged.join],
  ] as const;
  for (const [side, list] of sides) {
    for (const column of list) {
      if (column.name.startsWith('@') || skipped.has(column.name) || seen.has(column.name)) continue;
      seen.add(column.name);
      const inferred = odsqlTypeOf(column.type);
      if (!inferred) {
        warn(`column "${column.name}" (${column.type}) has no field type: left out`);
        continue;
      }
      const input: ColumnInput = { kind: 'column', side, column: column.name, columnType: column.type };
      candidates.push({ label: column.name, input, ...inferred });
    }
  }
  if (staged.features && staged.features.withGeometry > 0) {
    const type = staged.features.allPoints ? 'geo_point_2d' : 'geo_shape';
    candidates.push({ label: type, input: { kind: 'geometry' }, type, multivalued: false });
  }
  const names = deduplicateNames(
    candidates.map((c) => (c.input.kind === 'geometry' ? c.type : toSnakeCase(c.label))),
  );
  const fields = candidates.map((candidate, i): ResolvedField => {
    const annotations: FieldAnnotations = candidate.multivalued ? { multivalued: ',' } : {};
    return {
      name: names[i] ?? candidate.label,
      type: candidate.type,
      label: candidate.label,
      description: null,
      annotations,
      input: candidate.input,
      format: undefined,
    };
  });
  if (descriptor.geoPoint) {
    const columns = new Columns(staged);
    const taken = new Set(fields.map((f) => f.name));
    if (taken.has(descriptor.geoPoint.field)) {
      throw new Error(`geo_point field "${descriptor.geoPoint.field}" clashes with a column of the source`);
    }
    fields.push(geoPointField(descriptor, columns, undefined));
  }
  return fields;
}

/** The dataset's fields, in order, each with its input and type. */
export function resolveFields(
  descriptor: FieldDeclarations,
  staged: StagedColumns,
  warn: (message: string) => void,
): ResolvedField[] {
  if (!descriptor.fields) return inferFields(descriptor, staged, warn);
  const columns = new Columns(staged);
  const fields = descriptor.fields.map((spec) =>
    spec.name === descriptor.geoPoint?.field
      ? geoPointField(descriptor, columns, spec)
      : resolveDeclared(spec, columns, staged),
  );
  if (descriptor.geoPoint && !descriptor.fields.some((f) => f.name === descriptor.geoPoint?.field)) {
    fields.push(geoPointField(descriptor, columns, undefined));
  }
  return fields;
}

/** Source columns of CSV files that declared text fields must read as text (leading zeros, codes). */
export function declaredTextColumns(descriptor: FieldDeclarations): string[] {
  return (descriptor.fields ?? [])
    .filter((f) => f.type === 'text' || f.format !== undefined || f.annotations.multivalued !== undefined)
    .map((f) => f.source)
    .filter((source) => source !== FEATURE_ID_COLUMN && source !== ELEVATION_COLUMN);
}
