import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * The `vega-datasets` package's datapackage.json (Frictionless Data Package): per file, a description,
 * sources, licences and a schema with field descriptions. Only what the default catalog uses is read.
 */

export interface PackageResource {
  readonly path: string;
  readonly description: string | null;
  readonly sources: readonly { readonly title: string | null; readonly path: string | null }[];
  readonly licenses: readonly PackageLicense[];
  /** Field descriptions by source column name. */
  readonly fieldDescriptions: ReadonlyMap<string, string>;
}

export interface PackageLicense {
  readonly name: string | null;
  readonly title: string | null;
  readonly path: string | null;
}

export interface DataPackage {
  /** Folder holding the data files. */
  readonly dataDir: string;
  readonly version: string;
  /** When the package was built (ISO 8601): the default catalog's `modified`. */
  readonly created: string;
  readonly licenses: readonly PackageLicense[];
  readonly resources: ReadonlyMap<string, PackageResource>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function licenses(value: unknown): PackageLicense[] {
  return records(value).map((l) => ({ name: text(l.name), title: text(l.title), path: text(l.path) }));
}

function resource(value: Record<string, unknown>): PackageResource | undefined {
  const path = text(value.path);
  if (!path) return undefined;
  const schema = isRecord(value.schema) ? value.schema : {};
  const descriptions = new Map<string, string>();
  for (const field of records(schema.fields)) {
    const name = text(field.name);
    const description = text(field.description);
    if (name && description) descriptions.set(name, description);
  }
  return {
    path,
    description: text(value.description),
    sources: records(value.sources).map((s) => ({ title: text(s.title), path: text(s.path) })),
    licenses: licenses(value.licenses),
    fieldDescriptions: descriptions,
  };
}

/** Folder of the installed `vega-datasets` package. */
export function vegaDatasetsDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its code entry point: climb from it to the folder holding datapackage.json.
  let dir = dirname(require.resolve('vega-datasets'));
  while (!existsSync(join(dir, 'datapackage.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('vega-datasets: datapackage.json not found');
    dir = parent;
  }
  return dir;
}

export async function readDataPackage(packageDir: string = vegaDatasetsDir()): Promise<DataPackage> {
  const document: unknown = JSON.parse(await readFile(join(packageDir, 'datapackage.json'), 'utf8'));
  if (!isRecord(document)) throw new Error(`${packageDir}/datapackage.json is not a data package`);
  const resources = new Map<string, PackageResource>();
  for (const item of records(document.resources)) {
    const parsed = resource(item);
    if (parsed) resources.set(parsed.path, parsed);
  }
  return {
    dataDir: join(packageDir, 'data'),
    version: text(document.version) ?? 'unknown',
    created: text(document.created) ?? '1970-01-01T00:00:00Z',
    licenses: licenses(document.licenses),
    resources,
  };
}
