import type { Lang } from '../../odsql';
import type { FacetFilter } from '../facets/filters';
import type { Dataset } from './types';

/*
 * Refines and excludes of the catalog's theme and keyword facets keep working across languages: a
 * value given in the untranslated text (`refine=theme:Transport`, from a link made in another language)
 * is read, in a language the datasets are translated into, as its translation there (`Transports`).
 * Only public datasets teach the translations, so no answer tells a restricted dataset's words apart;
 * a value translated two ways, or that is itself a value of the language, is left as it is.
 */

const TRANSLATED_FACETS = ['theme', 'keyword'] as const;
type TranslatedFacet = (typeof TRANSLATED_FACETS)[number];
type Aliases = ReadonlyMap<TranslatedFacet, ReadonlyMap<string, string>>;

const cache = new WeakMap<readonly Dataset[], Map<Lang, Aliases>>();

/** Untranslated value → its translation in `lang`, per facet, from the public datasets. */
function aliasesOf(datasets: readonly Dataset[], lang: Lang): Aliases {
  let byLang = cache.get(datasets);
  if (!byLang) {
    byLang = new Map();
    cache.set(datasets, byLang);
  }
  const known = byLang.get(lang);
  if (known) return known;
  const aliases = new Map<TranslatedFacet, ReadonlyMap<string, string>>();
  for (const facet of TRANSLATED_FACETS) {
    const candidates = new Map<string, Set<string>>();
    const translatedValues = new Set<string>();
    for (const ds of datasets) {
      const words = ds.translations?.[lang]?.metas[facet];
      if (ds.visibility !== 'domain' || !words) continue;
      for (const word of words) translatedValues.add(word);
      const untranslated = ds.metas.default[facet] ?? [];
      // Values translate position by position only when both lists are as long.
      if (untranslated.length !== words.length) continue;
      untranslated.forEach((value, i) => {
        const set = candidates.get(value) ?? new Set<string>();
        set.add(words[i]!);
        candidates.set(value, set);
      });
    }
    const unique = new Map<string, string>();
    for (const [value, set] of candidates) {
      const [only] = set;
      if (set.size === 1 && only !== undefined && !translatedValues.has(value)) unique.set(value, only);
    }
    aliases.set(facet, unique);
  }
  byLang.set(lang, aliases);
  return aliases;
}

/** The filters with untranslated theme and keyword values read in `lang` (see the top of this file). */
export function filtersInLanguage(
  filters: readonly FacetFilter[],
  datasets: readonly Dataset[],
  lang: Lang | undefined,
): FacetFilter[] {
  if (lang === undefined) return [...filters];
  const aliases = aliasesOf(datasets, lang);
  return filters.map((filter) => {
    const name = TRANSLATED_FACETS.find((f) => f === filter.facet.name);
    const value = name === undefined ? undefined : aliases.get(name)?.get(filter.value);
    return value === undefined ? filter : { ...filter, value };
  });
}
