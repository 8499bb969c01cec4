import type { tableEn } from '../en/table';
import type { Catalog } from '../shape';

/* Le tableau des enregistrements, un enregistrement et l’éditeur de requêtes. */
export const tableFr: Catalog<typeof tableEn> = {
  table: {
    caption: 'Enregistrements de {{title}}',
    queryCaption: 'Résultats de la requête sur {{title}}',
    queryOpen: 'Requête ODSQL',
    queryHide: 'Masquer la requête',
    loadingEditor: 'Chargement de l’éditeur de requête…',
    queryFailed: 'La requête a échoué',
    running: 'Exécution de la requête…',
    firstGroups: 'Les premiers {{groups}}',
    rowsOf: '{{rows}} sur {{records}}',
    noQueryMatch: 'Aucun enregistrement ne correspond à cette requête.',
    loading: 'Chargement des enregistrements…',
    failed: 'Les enregistrements n’ont pas pu être chargés',
    removeFilterHint: 'Retirer un filtre ci-dessus peut aider.',
    none: 'Aucun enregistrement ne correspond à ces filtres.',
    timeZone: 'Les heures sont données dans le fuseau du jeu de données, {{zone}}.',
    windowOnly:
      'Dans cet ordre, le tableau atteint les {{count, number}} premiers enregistrements (la fenêtre de l’API Explore) : triez sur une colonne pour les atteindre tous.',
    goTo: 'Aller à l’enregistrement',
    goToRange: '1 à {{count}}',
    goToButton: 'Aller',
    goToInvalid: 'Un numéro d’enregistrement de 1 à {{count}}.',
    sortHint: 'Trier selon cette colonne. Maj+clic ou Maj+Entrée l’ajoute au tri.',
    sortedAsc: 'clé de tri {{rank}} sur {{count}}, croissant',
    sortedDesc: 'clé de tri {{rank}} sur {{count}}, décroissant',
    moreFailed: 'La suite des enregistrements n’a pas pu être chargée',
    stops: 'Le tableau s’arrête à l’enregistrement {{loaded}} sur {{total}}.',
    window:
      'L’API Explore ne parcourt que les 10 000 premiers enregistrements d’une requête. Recherchez ou filtrez pour atteindre les autres, ou exportez-les.',
    end_one: 'Fin de l’enregistrement.',
    end_other: 'Fin des {{count, number}} enregistrements.',
    columns: 'Colonnes ({{shown}} sur {{total}})',
    columnsLegend: 'Colonnes',
    row: 'Ligne',
    openRecord: 'Ouvrir l’enregistrement {{n}}',
    exportAll_one: 'exportez l’enregistrement en CSV',
    exportAll_other: 'exportez les {{count, number}} enregistrements en CSV',
    windowBefore:
      'L’API Explore ne parcourt que les 10 000 premiers enregistrements d’une requête, et l’ordre propre du portail ne se poursuit pas au-delà. Triez sur une colonne pour atteindre tous les enregistrements, ou',
    unknownSort:
      'Le lien trie sur « {{field}} », que ce jeu de données n’a pas : les enregistrements gardent leur ordre.',
    unknownColumns_one: 'Le lien nomme une colonne que ce jeu de données n’a pas : {{names}}.',
    unknownColumns_other: 'Le lien nomme des colonnes que ce jeu de données n’a pas : {{names}}.',
  },
  record: {
    numbered: 'Enregistrement {{position, number}}',
    title: 'Enregistrement',
    close: 'Fermer l’enregistrement',
    id: 'Identifiant de l’enregistrement',
    failed: 'Cet enregistrement n’a pas pu être chargé',
    notFound:
      'Le jeu de données n’a pas d’enregistrement avec cet identifiant : le lien est peut-être ancien, ou les données ont changé depuis.',
    loading: 'Chargement de l’enregistrement…',
    copyLink: 'Copier le lien vers cet enregistrement',
    inApi: 'Cet enregistrement dans l’API',
    noIds:
      'Ce portail ne donne pas d’identifiants d’enregistrement : cet enregistrement n’a pas de lien propre.',
    noValue: 'Aucune valeur',
  },
  editor: {
    label: 'Requête',
    hints: {
      where: 'Filtre : une condition comme champ > 10 and autre = "texte"',
      select: 'Colonnes : champs, expressions, agrégats (count(*), avg(champ)…)',
      group_by: 'Groupes : champs ou expressions comme year(date)',
      order_by: 'Tri : champ desc, count(*) desc…',
    },
    alsoApplied: 'Appliqués aussi :',
    appliedWith: 'Filtres appliqués avec la requête',
    problems: 'Problèmes de la requête',
    server: 'Serveur : ',
    run: 'Exécuter',
    keys: 'Entrée ou Ctrl+Entrée exécute · Maj+Entrée ajoute une ligne',
    clear: 'Effacer la requête',
    copyLink: 'Copier un lien vers cette requête',
    search: 'recherche « {{text}} »',
    expected: '{{message}}, attendu : {{items}}',
    or: ' ou ',
    failedHere:
      'La requête n’a pas pu être exécutée : son erreur est indiquée dans l’éditeur de requête ci-dessus.',
    notRun:
      'Non exécutée : le tableau montre toujours la dernière requête valide. Corrigez le problème signalé ci-dessus.',
    facetsWait: 'Les facettes suivent la requête dès qu’elle s’exécute.',
  },
};
