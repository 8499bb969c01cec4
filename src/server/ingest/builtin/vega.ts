import { basename } from 'node:path';
import type { DescriptorJson, DescriptorMetas } from '../descriptor';
import { type DataPackage, type PackageLicense, type PackageResource, readDataPackage } from './datapackage';
import { VEGA_DATASETS, type VegaDataset } from './vega-datasets';
import { VEGA_DATASETS_FR } from './vega-datasets-fr';

/**
 * The default catalog: real public datasets shipped by the `vega-datasets` package, described in code
 * (vega-datasets.ts) and completed from its datapackage.json (descriptions, sources, licences).
 */

export interface BuiltinDescriptor {
  readonly json: DescriptorJson;
  /** Folder relative source paths are read from. */
  readonly baseDir: string;
}

const MIMETYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  json: 'application/json',
  geojson: 'application/geo+json',
  topojson: 'application/json',
  parquet: 'application/vnd.apache.parquet',
};

function isUrl(text: string | null): text is string {
  return text !== null && /^https?:\/\//.test(text);
}

/** CKAN-style licence ids the package uses, as people read them. */
const LICENSE_NAMES: Readonly<Record<string, string>> = { 'other-open': 'Other (Open)' };

function licenseOf(
  resource: PackageResource | undefined,
  pkg: DataPackage,
): Pick<DescriptorMetas, 'license' | 'license_url'> {
  const license: PackageLicense | undefined = resource?.licenses[0] ?? pkg.licenses[0];
  if (!license) return {};
  const title = license.title !== null && !isUrl(license.title) ? license.title : null;
  const name = license.name === null ? null : (LICENSE_NAMES[license.name] ?? license.name);
  const text = title ?? name;
  const url = license.path ?? (isUrl(license.title) ? license.title : null);
  return { ...(text ? { license: text } : {}), ...(url ? { license_url: url } : {}) };
}

function metasOf(
  dataset: VegaDataset,
  resource: PackageResource | undefined,
  pkg: DataPackage,
): DescriptorMetas {
  const [source] = resource?.sources ?? [];
  const attributions = (resource?.sources ?? []).map((s) => s.title).filter((t): t is string => t !== null);
  return {
    title: dataset.title,
    ...(resource?.description ? { description: resource.description } : {}),
    keyword: dataset.keyword,
    theme: dataset.theme,
    publisher: source?.title ?? 'Vega',
    ...licenseOf(resource, pkg),
    ...(source?.path ? { references: source.path } : {}),
    language: 'en',
    timezone: dataset.timezone ?? 'UTC',
    ...(attributions.length > 1 ? { attributions } : {}),
    modified: pkg.created,
  };
}

function attachment(file: string, format: string): NonNullable<DescriptorJson['attachments']>[number] {
  return { path: file, title: basename(file), mimetype: MIMETYPES[format] ?? 'application/octet-stream' };
}

function descriptorOf(dataset: VegaDataset, pkg: DataPackage): DescriptorJson {
  const resource = pkg.resources.get(dataset.descriptor.source);
  const described = dataset.descriptor.fields?.map((field) => {
    const description = resource?.fieldDescriptions.get(field.source ?? field.name);
    return field.description === undefined && description ? { ...field, description } : field;
  });
  const attachments = dataset.attachments.map(([file, format]) => attachment(file, format));
  const french = VEGA_DATASETS_FR[dataset.id];
  return {
    ...dataset.descriptor,
    dataset_id: dataset.id,
    metas: metasOf(dataset, resource, pkg),
    ...(described ? { fields: described } : {}),
    attachments,
    ...(french ? { translations: { fr: french } } : {}),
  };
}

/** The default catalog's descriptors, read from the installed vega-datasets package. */
export async function vegaCatalog(pkg?: DataPackage): Promise<BuiltinDescriptor[]> {
  const data = pkg ?? (await readDataPackage());
  return VEGA_DATASETS.map((dataset) => ({ json: descriptorOf(dataset, data), baseDir: data.dataDir }));
}
