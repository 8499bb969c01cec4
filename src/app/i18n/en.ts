import { catalogEn } from './en/catalog';
import { commonEn } from './en/common';
import { exportEn } from './en/export';
import { filtersEn } from './en/filters';
import { infoEn } from './en/info';
import { mapEn } from './en/map';
import { tableEn } from './en/table';
import type { Catalog as CatalogOf } from './shape';

/*
 * The explorer's English text, one module per view in en/. Every key has its French twin in fr/, in the
 * module of the same name (the type checks it). Plurals take i18next's suffixes (`_one`, `_other`),
 * chosen by Intl.PluralRules from `count`.
 */
export const en = {
  ...commonEn,
  ...catalogEn,
  ...filtersEn,
  ...tableEn,
  ...mapEn,
  ...exportEn,
  ...infoEn,
} as const;

/** The shape every language's catalog has: the same keys, any text. */
export type Catalog<T = typeof en> = CatalogOf<T>;
