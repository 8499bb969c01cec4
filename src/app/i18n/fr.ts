import type { Catalog } from './en';
import { catalogFr } from './fr/catalog';
import { commonFr } from './fr/common';
import { exportFr } from './fr/export';
import { filtersFr } from './fr/filters';
import { infoFr } from './fr/info';
import { mapFr } from './fr/map';
import { tableFr } from './fr/table';

/*
 * Le texte français de l'explorateur, un module par vue dans fr/ : les mêmes clés que le module anglais
 * du même nom dans en/ (le type le vérifie).
 */
export const fr: Catalog = {
  ...commonFr,
  ...catalogFr,
  ...filtersFr,
  ...tableFr,
  ...mapFr,
  ...exportFr,
  ...infoFr,
};
