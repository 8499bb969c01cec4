import type { catalogEn } from '../en/catalog';
import type { Catalog } from '../shape';

/* Le catalogue et la page d’un jeu de données. */
export const catalogFr: Catalog<typeof catalogEn> = {
  catalog: {
    title: 'Jeux de données',
    filter: 'Filtrer les jeux de données',
    search: 'Rechercher des jeux de données',
    searchPlaceholder: 'Rechercher par titre, description, mot-clé…',
    failed: 'Le catalogue n’a pas pu être chargé',
    backToServer: 'Revenir aux jeux de données de ce serveur',
    sortBy: 'Trier par',
    none: 'Aucun jeu de données ne correspond à ces filtres.',
    pages: 'Pages du catalogue',
    themes: 'Thèmes',
    keywords: 'Mots-clés',
    publisher: 'Producteur',
    records: 'Enregistrements',
    license: 'Licence',
    modified: 'Modifié',
    open: 'Ouvrir {{title}}',
    withKeyword: 'Jeux de données avec le mot-clé {{keyword}}',
    sorts: {
      relevance: 'Pertinence',
      title: 'Titre (A à Z)',
      '-title': 'Titre (Z à A)',
      '-modified': 'Modifiés récemment',
      modified: 'Modifiés il y a longtemps',
      '-records_count': 'Le plus d’enregistrements',
      records_count: 'Le moins d’enregistrements',
    },
    facets: {
      theme: 'Thème',
      keyword: 'Mot-clé',
      publisher: 'Producteur',
      features: 'Fonctionnalités',
      license: 'Licence',
      language: 'Langue',
      modified: 'Modifié',
    },
  },
  dataset: {
    notLoaded: 'Jeu de données non chargé',
    failed: 'Ce jeu de données n’a pas pu être chargé',
    backToCatalog: 'Retour au catalogue',
    noMap: 'Ce jeu de données n’a pas de champ géographique : il n’a pas de carte.',
  },
};
