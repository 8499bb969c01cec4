/*
 * A dataset field's type and annotations as words (the Information tab's fields table,
 * components/field-words.ts): the API names them in code (`int`, `facetsort`, `timerangeFilter`).
 */

export const fieldWordsEn = {
  types: {
    text: 'Text',
    int: 'Integer',
    double: 'Decimal number',
    date: 'Date',
    datetime: 'Date and time',
    boolean: 'Yes or no',
    geo_point_2d: 'Geographic point',
    geo_shape: 'Geographic shape',
    file: 'File',
    json_blob: 'JSON',
  },
  annotations: {
    facet: 'Facet',
    facetsort: 'Facet values: {{order}}',
    facetOrders: {
      '-count': 'most frequent first',
      count: 'least frequent first',
      alphanum: 'A to Z',
      '-alphanum': 'Z to A',
      num: 'smallest first',
      '-num': 'largest first',
    },
    disjunctive: 'Several values at once',
    hierarchical: 'Levels separated by “{{separator}}”',
    multivalued: 'Several values separated by “{{separator}}”',
    sortable: 'Sortable',
    id: 'Identifier',
    timerangeFilter: 'Date range filter',
    timeserie_precision: 'Time series by {{value}}',
    unit: 'Unit: {{value}}',
    decimals: 'Decimals: {{value}}',
  },
};

type Words<T> = { readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

export const fieldWordsFr: Words<typeof fieldWordsEn> = {
  types: {
    text: 'Texte',
    int: 'Nombre entier',
    double: 'Nombre décimal',
    date: 'Date',
    datetime: 'Date et heure',
    boolean: 'Oui ou non',
    geo_point_2d: 'Point géographique',
    geo_shape: 'Forme géographique',
    file: 'Fichier',
    json_blob: 'JSON',
  },
  annotations: {
    facet: 'Facette',
    facetsort: 'Valeurs de la facette : {{order}}',
    facetOrders: {
      '-count': 'les plus fréquentes d’abord',
      count: 'les moins fréquentes d’abord',
      alphanum: 'de A à Z',
      '-alphanum': 'de Z à A',
      num: 'par ordre croissant',
      '-num': 'par ordre décroissant',
    },
    disjunctive: 'Plusieurs valeurs à la fois',
    hierarchical: 'Niveaux séparés par « {{separator}} »',
    multivalued: 'Plusieurs valeurs séparées par « {{separator}} »',
    sortable: 'Triable',
    id: 'Identifiant',
    timerangeFilter: 'Filtre par période',
    timeserie_precision: 'Série temporelle par {{value}}',
    unit: 'Unité : {{value}}',
    decimals: 'Décimales : {{value}}',
  },
};
