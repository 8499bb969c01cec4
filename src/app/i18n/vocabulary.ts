/*
 * Words of the portals' metadata shown in the reader's language: the catalog's `features` (what a
 * dataset offers) and common themes. A portal that translates its themes answers them in the language
 * asked (`lang`); these names cover the portals, and the datasets, that do not.
 */

export const vocabularyEn = {
  features: {
    analyze: 'Analysis',
    timeserie: 'Time series',
    geo: 'Geographic',
    calendar: 'Calendar',
    image: 'Images',
    custom_view: 'Custom view',
  },
  themes: {
    administration: 'Administration',
    agriculture: 'Agriculture',
    culture: 'Culture',
    economy: 'Economy',
    education: 'Education',
    energy: 'Energy',
    environment: 'Environment',
    health: 'Health',
    housing: 'Housing',
    science: 'Science',
    society: 'Society',
    sport: 'Sport',
    tourism: 'Tourism',
    transport: 'Transport',
    urbanism: 'Urban planning',
  },
};

export type Vocabulary = {
  readonly [K in keyof typeof vocabularyEn]: Readonly<Record<keyof (typeof vocabularyEn)[K], string>>;
};

export const vocabularyFr: Vocabulary = {
  features: {
    analyze: 'Analyse',
    timeserie: 'Série temporelle',
    geo: 'Géographique',
    calendar: 'Calendrier',
    image: 'Images',
    custom_view: 'Vue personnalisée',
  },
  themes: {
    administration: 'Administration',
    agriculture: 'Agriculture',
    culture: 'Culture',
    economy: 'Économie',
    education: 'Éducation',
    energy: 'Énergie',
    environment: 'Environnement',
    health: 'Santé',
    housing: 'Logement',
    science: 'Sciences',
    society: 'Société',
    sport: 'Sport',
    tourism: 'Tourisme',
    transport: 'Transports',
    urbanism: 'Urbanisme',
  },
};
