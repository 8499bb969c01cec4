import type { TranslationsJson } from '../translations';

/*
 * The default catalog in French: every dataset's title, description, keywords, themes and field labels
 * (and the field descriptions the English metadata has), as a publisher would translate them.
 */

type French = NonNullable<TranslationsJson['fr']>;

/** Labels, or a label and a description, by field name. */
function fields(
  items: Readonly<Record<string, string | readonly [label: string, description: string]>>,
): French['fields'] {
  return Object.fromEntries(
    Object.entries(items).map(([name, item]) => [
      name,
      typeof item === 'string' ? { label: item } : { label: item[0], description: item[1] },
    ]),
  );
}

export const VEGA_DATASETS_FR: Readonly<Record<string, French>> = {
  airports: {
    metas: {
      title: 'Aéroports des États-Unis',
      description:
        "Aéroports des États-Unis et de leurs territoires, dont les grands aéroports commerciaux, régionaux et municipaux. Pour chaque aéroport : son emplacement (latitude et longitude), ses codes d'identification, son nom, sa ville, son État et son pays.",
      keyword: ['aéroports', 'aviation', 'IATA', 'États-Unis'],
      theme: ['Transports'],
    },
    fields: fields({
      iata: 'Code IATA',
      name: 'Nom',
      city: 'Ville',
      state: 'État',
      country: 'Pays',
      coordinates: 'Coordonnées',
    }),
  },
  'us-zip-codes': {
    metas: {
      title: 'Codes postaux des États-Unis',
      description:
        "Codes postaux (ZIP codes) des États-Unis et de Porto Rico, avec leurs coordonnées géographiques (latitude et longitude en WGS84) et leur rattachement administratif. La base de données géographique GeoNames fournit les codes postaux du monde entier avec des informations géographiques et administratives.\n\nCet instantané historique, versé à vega-datasets en 2017, n'est plus à jour : des limites administratives ont été redessinées, des comtés réorganisés et renommés, des codes postaux modifiés, et GeoNames a depuis corrigé des coordonnées. Pour des codes postaux à jour, consultez la base GeoNames elle-même.",
      keyword: ['codes ZIP', 'codes postaux', 'GeoNames', 'États-Unis'],
      theme: ['Administration'],
    },
    fields: fields({
      zip_code: 'Code ZIP',
      city: 'Ville',
      state: 'État',
      county: 'Comté',
      coordinates: 'Coordonnées',
    }),
  },
  'us-states': {
    metas: {
      title: 'États des États-Unis',
      description:
        "Limites des États des États-Unis, du district de Columbia et de Porto Rico (l'atlas `us-10m` de vega-datasets, en TopoJSON), avec le code postal de chaque État et le taux d'obésité de ses adultes en 2008 (`obesity.json`), joints sur le code FIPS.",
      keyword: ['États', 'limites', 'obésité', 'États-Unis'],
      theme: ['Administration'],
    },
    fields: fields({
      fips: 'Code FIPS',
      state: 'État',
      obesity_rate: "Taux d'obésité des adultes (2008)",
      shape: 'Limite',
    }),
  },
  earthquakes: {
    metas: {
      title: "Séismes d'une semaine (flux de l'USGS)",
      description:
        "Environ une semaine de surveillance continue tirée du flux en temps réel « all earthquakes » de l'USGS : 1 703 événements sismiques de toutes magnitudes, enregistrés par le programme Earthquake Hazards de l'USGS du 31 janvier au 7 février 2018 (UTC).",
      keyword: ['séismes', 'sismologie', 'USGS'],
      theme: ['Environnement'],
    },
    fields: fields({
      id: "Identifiant de l'événement",
      mag: 'Magnitude',
      mag_type: 'Type de magnitude',
      place: 'Lieu',
      time: 'Heure',
      updated: 'Mise à jour',
      status: 'Statut de la revue',
      tsunami: 'Indicateur de tsunami',
      sig: 'Importance',
      net: 'Réseau',
      types: 'Types de produits',
      depth: 'Profondeur (km)',
      url: "Page de l'événement",
      coordinates: 'Coordonnées',
    }),
  },
  'london-boroughs': {
    metas: {
      title: 'Arrondissements de Londres',
      description:
        "Limites des arrondissements (boroughs) de Londres, reprojetées et simplifiées à partir du fichier de formes `London_Borough_Excluding_MHW`. Les données d'origine « contiennent des données de la National Statistics © Crown copyright and database right (2015) » et « des données de l'Ordnance Survey © Crown copyright and database right [2015] ».",
      keyword: ['Londres', 'arrondissements', 'limites', 'Royaume-Uni'],
      theme: ['Administration'],
    },
    fields: fields({
      name: 'Arrondissement',
      shape: 'Limite',
      centroid: ['Centroïde', 'Calculé à partir de la limite avec d3.geoCentroid.'],
    }),
  },
  'seattle-weather': {
    metas: {
      title: 'Météo quotidienne à Seattle, 2012–2015',
      description:
        "Météo quotidienne en unités métriques, transformée avec `/scripts/weather.py`. Le champ catégoriel « weather » est synthétisé à partir de plusieurs champs du jeu de données d'origine. Ces données sont destinées à l'enseignement.",
      keyword: ['météo', 'climat', 'Seattle', 'NOAA'],
      theme: ['Environnement'],
    },
    fields: fields({
      date: ['Date', "Date de l'observation météorologique"],
      precipitation: ['Précipitations (mm)', 'Hauteur des précipitations en millimètres'],
      temp_max: ['Température maximale (°C)', 'Température maximale du jour en degrés Celsius'],
      temp_min: ['Température minimale (°C)', 'Température minimale du jour en degrés Celsius'],
      wind: ['Vitesse du vent (km/h)', 'Vitesse du vent en kilomètres par heure'],
      weather: [
        'Temps',
        "Type de temps, synthétisé à partir des champs des données d'origine de la NOAA. Catégories : drizzle (bruine), rain (pluie), snow (neige), sun (soleil) et fog (brouillard).",
      ],
    }),
  },
  movies: {
    metas: {
      title: 'Films : recettes et notes',
      description:
        'Une collection de films et de leurs indicateurs de performance : recettes au box-office, budgets et notes du public. Les données comportent des défauts de qualité connus et des erreurs volontaires : elles servent de support pédagogique pour apprendre à nettoyer et à valider des données dans des analyses réelles.',
      keyword: ['films', 'box-office', 'notes', 'IMDB', 'Rotten Tomatoes'],
      theme: ['Culture'],
    },
    fields: fields({
      title: 'Titre',
      us_gross: 'Recettes aux États-Unis ($)',
      worldwide_gross: 'Recettes mondiales ($)',
      us_dvd_sales: 'Ventes de DVD aux États-Unis ($)',
      production_budget: 'Budget de production ($)',
      release_date: 'Date de sortie',
      mpaa_rating: 'Classification MPAA',
      running_time_min: 'Durée (min)',
      distributor: 'Distributeur',
      source: 'Source',
      major_genre: 'Genre principal',
      creative_type: 'Type de création',
      director: 'Réalisateur',
      rotten_tomatoes_rating: 'Note Rotten Tomatoes (%)',
      imdb_rating: 'Note IMDB',
      imdb_votes: 'Votes IMDB',
    }),
  },
  penguins: {
    metas: {
      title: "Manchots de l'archipel Palmer",
      description:
        "Mesures morphologiques et informations démographiques de 344 manchots de l'archipel Palmer, de trois espèces. Données recueillies par [Kristen Gorman](https://www.uaf.edu/cfos/people/faculty/detail/kristen-gorman.php) et le programme [LTER](https://lternet.edu/) de la station Palmer, en Antarctique, dans le cadre de la recherche écologique à long terme de la station sur les écosystèmes marins de l'Antarctique et la biologie des manchots. Toutes les mesures suivent des unités normalisées, ce qui permet d'étudier les variations morphologiques entre espèces et le dimorphisme sexuel des manchots de l'Antarctique.",
      keyword: ['manchots', 'Antarctique', 'biologie', 'station Palmer'],
      theme: ['Sciences'],
    },
    fields: fields({
      species: ['Espèce', 'Espèce du manchot : Adelie (Adélie), Gentoo (papou) ou Chinstrap (à jugulaire)'],
      island: ['Île', 'Île où le manchot a été observé (Torgersen, Biscoe ou Dream)'],
      beak_length_mm: ['Longueur du bec (mm)', 'Longueur du bec en millimètres'],
      beak_depth_mm: ['Hauteur du bec (mm)', 'Hauteur du bec en millimètres'],
      flipper_length_mm: ['Longueur de la nageoire (mm)', 'Longueur de la nageoire en millimètres'],
      body_mass_g: ['Masse corporelle (g)', 'Masse corporelle en grammes'],
      sex: ['Sexe', 'Sexe du manchot (MALE, FEMALE ou vide)'],
    }),
  },
  flights: {
    metas: {
      title: 'Retards des vols aux États-Unis (3 millions de vols, 2001)',
      description:
        'Statistiques de retard des vols (3 millions de lignes) du Bureau of Transportation Statistics (BTS) des États-Unis, recueillies au titre des obligations de déclaration réglementaires (14 CFR Part 234), qui imposent aux compagnies aériennes concernées de transmettre au BTS leurs données de ponctualité. Transformées avec `/scripts/flights.py`.',
      keyword: ['vols', 'retards', 'aviation', 'États-Unis'],
      theme: ['Transports'],
    },
    fields: fields({
      date: 'Départ',
      delay: 'Retard (min)',
      distance: 'Distance (mi)',
      origin: 'Aéroport de départ',
      destination: "Aéroport d'arrivée",
      origin_coordinates: [
        "Emplacement de l'aéroport de départ",
        "Emplacement de l'aéroport de départ, joint depuis airports.csv par le code IATA.",
      ],
    }),
  },
  'la-riots': {
    metas: {
      title: 'Morts des émeutes de Los Angeles en 1992',
      description:
        "Relevé complet des décès survenus pendant les cinq jours de troubles civils qui ont commencé à Los Angeles le 29 avril 1992 : plus de 60 morts, avec les coordonnées géographiques du lieu où chaque personne a perdu la vie. Compilé et publié à l'origine par le Data Desk du Los Angeles Times.",
      keyword: ['Los Angeles', 'émeutes de 1992', 'victimes'],
      theme: ['Société'],
    },
    fields: fields({
      first_name: 'Prénom',
      last_name: 'Nom',
      age: 'Âge',
      gender: 'Genre',
      race: 'Origine ethnique',
      death_date: 'Date du décès',
      address: 'Adresse',
      neighborhood: 'Quartier',
      type: 'Circonstances du décès',
      coordinates: 'Coordonnées',
    }),
  },
  disasters: {
    metas: {
      title: 'Morts dues aux catastrophes naturelles',
      description:
        "Nombre annuel de décès dus aux catastrophes, tiré d'EM-DAT (Emergency Events Database), la base tenue par le Centre de recherche sur l'épidémiologie des désastres (CRED) de l'UCLouvain, en Belgique. Traité par Our World in Data pour harmoniser les noms de pays et les définitions des régions du monde, convertir les unités, calculer des indicateurs dérivés et adapter les métadonnées. Les décès sont donnés en nombres absolus.",
      keyword: ['catastrophes naturelles', 'décès', 'EM-DAT', 'Our World in Data'],
      theme: ['Environnement'],
    },
    fields: fields({ entity: 'Type de catastrophe', year: 'Année', deaths: 'Décès' }),
  },
};
