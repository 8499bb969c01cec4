import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEYS_FILE } from '../auth/keys';

/*
 * A restricted dataset and the keys file, added to a test server's data folder: the shared HTTP test
 * server carries them beside the default catalog (anonymous callers still see the same 11 datasets).
 */

export const RESTRICTED_ID = 'auth-restricted-payroll';
export const RESTRICTED_THEME = 'Restricted payroll theme';
export const RESTRICTED_KEYWORD = 'restricted-payroll-keyword';
/** Its French title and theme (keywords and most labels are left untranslated). */
export const RESTRICTED_TITLE_FR = 'Paie confidentielle';
export const RESTRICTED_THEME_FR = 'Thème paie confidentielle';
/** The dataset's attachment id (its CSV file). */
export const RESTRICTED_ATTACHMENT = 'payroll_csv';

export const KEYS = {
  /** Grants the restricted dataset. */
  granted: { name: 'tests-granted', key: 'tests-granted-0123456789abcdef' },
  /** A valid key that grants no restricted dataset. */
  other: { name: 'tests-other', key: 'tests-other-0123456789abcdef' },
  /** Grants every dataset. */
  all: { name: 'tests-all', key: 'tests-all-0123456789abcdef' },
} as const;

const PAYROLL_CSV = `department,employee,salary
Finance,Ada,5200
Finance,Grace,6100
Parks,Alan,4300
`;

export interface FixtureDataset {
  readonly descriptor: Record<string, unknown>;
  /** File name (in `datasets/`) and content of the source. */
  readonly file: { readonly name: string; readonly content: string };
}

export const RESTRICTED_DATASET: FixtureDataset = {
  descriptor: {
    dataset_id: RESTRICTED_ID,
    visibility: 'restricted',
    source: 'payroll.csv',
    metas: { title: 'Payroll (restricted)', theme: [RESTRICTED_THEME], keyword: [RESTRICTED_KEYWORD] },
    fields: [
      { name: 'department', type: 'text', annotations: { facet: true } },
      { name: 'employee', type: 'text' },
      { name: 'salary', type: 'int' },
    ],
    attachments: ['payroll.csv'],
    translations: {
      fr: {
        metas: { title: RESTRICTED_TITLE_FR, theme: [RESTRICTED_THEME_FR] },
        fields: { department: { label: 'Service' } },
        attachments: { 'payroll.csv': { title: 'Fichier de paie' } },
      },
    },
  },
  file: { name: 'payroll.csv', content: PAYROLL_CSV },
};

/** Writes a file only when its content differs, so that an unchanged dataset is not ingested again. */
function writeIfChanged(path: string, content: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  writeFileSync(path, content);
}

/** Adds datasets and the keys file to a data folder. */
export function writeAccessFixture(
  dataDir: string,
  datasets: readonly FixtureDataset[] = [RESTRICTED_DATASET],
): void {
  const dir = join(dataDir, 'datasets');
  mkdirSync(dir, { recursive: true });
  for (const { descriptor, file } of datasets) {
    writeIfChanged(join(dir, file.name), file.content);
    writeIfChanged(join(dir, `${String(descriptor.dataset_id)}.json`), JSON.stringify(descriptor, null, 2));
  }
  const keys = {
    keys: [
      { ...KEYS.granted, datasets: [RESTRICTED_ID] },
      { ...KEYS.other, datasets: [] },
      { ...KEYS.all, datasets: '*' },
    ],
  };
  writeIfChanged(join(dataDir, KEYS_FILE), JSON.stringify(keys, null, 2));
}
