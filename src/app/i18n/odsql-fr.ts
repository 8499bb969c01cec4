import type { DiagnosticCode } from '../../odsql/messages';

/*
 * The ODSQL diagnostics in French, by code (src/odsql/messages.ts has the English templates, which the
 * API sends). Loaded with the query editor only, as the i18next namespace `odsql`. Type names (text,
 * int, date…) and ODSQL words (group_by, within_distance…) stay as the language writes them.
 */
export const odsqlFr: Readonly<Record<DiagnosticCode, string>> & {
  readonly expected: Readonly<Record<string, string>>;
} = {
  queryTooLong: 'requête trop longue ({{length}} caractères, {{max}} au plus)',
  unexpectedToken: '{{token}} inattendu à la position {{position}}',
  unexpectedEnd: 'fin de la requête inattendue à la position {{position}}',
  nestedTooDeeply: 'expression trop imbriquée à la position {{position}}',
  tooManyOperators: 'trop d’opérateurs (plus de {{max}}) à la position {{position}}',
  tooManySelectItems: 'select compte {{count}} éléments, {{max}} au plus sont permis (position {{position}})',
  tooManyGroupByKeys: 'group_by compte {{count}} clés, {{max}} au plus sont permises (position {{position}})',
  tooManySortKeys:
    'order_by compte {{count}} clés de tri, {{max}} au plus sont permises (position {{position}})',
  tooManyListValues:
    'la liste IN compte {{count}} valeurs, {{max}} au plus sont permises (position {{position}})',
  tooManyArguments:
    '{{name}}() reçoit {{count}} arguments, {{max}} au plus sont permis (position {{position}})',
  tooManyRangeBounds:
    'range() reçoit {{count}} bornes, {{max}} au plus sont permises (position {{position}})',
  unknownFunctionCall: 'fonction inconnue {{name}} à la position {{position}}',
  equiRanges: 'les intervalles EQUI ne sont pas pris en charge (position {{position}})',
  rangeWidthNotPositive: 'la largeur d’un intervalle doit être positive (position {{position}})',
  rangeStarInside: '* ne peut ouvrir que le premier ou le dernier intervalle (position {{position}})',
  rangeIntervalWithBounds:
    'une durée ne peut pas être mêlée à des bornes d’intervalle (position {{position}})',
  rangeNoBound: 'range demande au moins une borne (position {{position}})',
  rangeOneBound:
    'un intervalle à une seule borne doit être ouvert par *, comme range(champ, *, 10) ou range(champ, 10, *) (position {{position}})',
  numberOutOfRange: 'nombre hors limites {{number}} à la position {{position}}',
  facetOptionTwice: '{{option}} donné deux fois (position {{position}})',
  facetNeedsName: 'facet() demande name="champ" (position {{position}})',
  facetSort: 'sort doit valoir {{sorts}} (position {{position}})',
  facetLimit: 'limit doit être un entier positif (position {{position}})',
  facetBoolean: '{{option}} doit valoir true ou false (position {{position}})',
  facetSeparator: 'separator doit être un texte non vide (position {{position}})',
  invalidUnicodeEscape: 'échappement \\u invalide à la position {{position}}',
  unterminatedString: 'texte non terminé, il manque le {{quote}} fermant (position {{position}})',
  unterminatedFieldName: 'nom de champ non terminé, il manque le {{quote}} fermant (position {{position}})',
  emptyFieldName: 'nom de champ vide à la position {{position}}',
  unexpectedCharacter: 'caractère inattendu {{character}} à la position {{position}}',
  refineFacetExpected: 'nom de facette attendu à la position {{position}}',
  refineColonExpected:
    ': attendu après le nom de la facette à la position {{position}} ({{clause}} s’écrit facette:valeur)',
  refineValueMissing: 'valeur manquante après {{facet}}: à la position {{position}}',
  refineValueMalformed: 'valeur entre guillemets mal formée à la position {{position}}',

  unknownField: 'Champ inconnu : {{name}}',
  unknownFunction: 'Fonction inconnue : {{name}}',
  argumentCount: 'La fonction {{name}}() prend {{expected}} argument(s), {{given}} donné(s)',
  argumentCountAtLeast: 'La fonction {{name}}() prend au moins {{min}} argument(s), {{given}} donné(s)',
  argumentCountBetween: 'La fonction {{name}}() prend de {{min}} à {{max}} arguments, {{given}} donné(s)',
  functionNotInClause:
    'La fonction {{name}}() n’est pas permise dans {{clause}} (elle s’emploie dans : {{clauses}})',
  functionOnlyInGroupBy: 'La fonction {{name}}() ne s’emploie que dans group_by',
  functionNotHere: 'La fonction {{name}}() n’est pas prise en charge ici',
  functionNotGeoFilter: 'La fonction {{name}}() n’est pas un filtre géographique',
  functionNotTextFilter: 'La fonction {{name}}() n’est pas un filtre de texte',
  functionNeedsQuotedText: 'La fonction {{name}}() demande un texte entre guillemets en dernier argument',
  functionSearchesText: 'La fonction {{name}}() cherche dans des champs texte : {{expression}} est {{type}}',
  expectsText: 'La fonction {{name}}() attend un texte, pas {{expression}} ({{type}})',
  expectsGeo:
    'La fonction {{name}}() attend un champ geo_point_2d ou geo_shape, pas {{expression}} ({{type}})',
  expectsDate: 'La fonction {{name}}() attend une date ou une date-heure, pas {{expression}} ({{type}})',
  statAggregationType:
    'Cette agrégation ne porte que sur des nombres ou des dates : {{expression}} est {{type}}',
  statAggregationCall:
    'Cette agrégation ne porte que sur des nombres ou des dates : {{name}}() a reçu {{expression}} ({{type}})',
  aggregationsNested: 'Les agrégations ne s’imbriquent pas : {{name}}() dans une autre agrégation',
  countDistinctStar: 'count(distinct *) n’est pas pris en charge : nommez un champ',
  percentileRange: 'Le centile doit être entre 0 et 100, pas {{value}}',
  unknownAggregation: 'Agrégation inconnue {{name}}()',
  notBoolean: 'Le champ {{name}} n’est pas un booléen ({{type}}) : comparez-le à une valeur',
  expectedCondition: 'Une condition est attendue, pas {{expression}} ({{type}})',
  expectedConditionCall: 'Une condition est attendue, pas {{name}}() ({{type}})',
  isBooleanNeedsBoolean: 'IS {{value}} demande un booléen, pas {{expression}} ({{type}})',
  multivaluedCompared: 'Deux champs à valeurs multiples ne peuvent pas être comparés',
  cannotOrder:
    'Types incompatibles : {{left}} ({{leftType}}) ne peut pas être ordonné par rapport à {{right}} ({{rightType}})',
  cannotCompare:
    'Types incompatibles : {{left}} ({{leftType}}) ne peut pas être comparé à {{right}} ({{rightType}})',
  geoCompared:
    'Les valeurs géographiques ne se comparent pas : employez within_distance, in_bbox, intersects, within ou disjoint',
  rangeOnMultivalued: 'Un intervalle ne s’applique pas à un champ à valeurs multiples',
  fieldNotGrouped: 'Le champ {{name}} doit figurer dans group_by ou dans une agrégation',
  fieldNotGroupedSelected:
    'Le champ {{name}} doit figurer dans group_by pour être choisi avec des agrégations',
  aggregationsFirstInOrderBy:
    'Dans order_by, les agrégations viennent avant les champs : {{expression}} vient après {{previous}}',
  orderByNeedsGroupBy: 'order_by demande group_by quand select contient des agrégations',
  selectStarWithAggregations:
    'Un select avec agrégations ne peut pas lister tous les champs : ne nommez que les agrégations, ou employez group_by',
  randomSeed: 'random() prend une graine entière',
  sortByAggregation: 'Trier par une agrégation demande group_by',
  cannotSort: 'Impossible de trier par {{expression}} ({{type}})',
  aggregationInGroupBy: 'Les agrégations ne s’emploient pas dans group_by',
  cannotGroup: 'Impossible de regrouper par {{expression}} ({{type}})',
  rangeNeedsNumberOrDate: 'range() demande un nombre ou une date, pas {{expression}} ({{type}})',
  dateRangeNeedsInterval: 'Un intervalle de dates demande une durée, comme range(date, 1 day)',
  numberRangeNeedsWidth: 'Un intervalle de nombres demande une largeur, comme range(champ, 10)',
  rangeWidthPositive: 'La largeur d’un intervalle doit être positive',
  unknownIntervalUnit: 'Unité de durée inconnue {{unit}} (employez ms, s, m, h, d, w, M, q, y ou leurs noms)',
  intervalWhole: 'Une durée doit être un nombre entier positif',
  intervalMultiples: 'Les multiples de {{unit}} ne sont pas pris en charge : employez 1 {{unit}}',
  dateRangeBounds: "Les bornes d’un intervalle de dates sont des dates, comme date'2020-01-01'",
  rangeBoundsOrder: 'Les bornes des intervalles doivent être croissantes',
  dateFormatPattern: 'date_format() demande un motif entre guillemets en second argument',
  geoClusterField: 'geo_cluster() demande un champ geo_point_2d, pas {{expression}} ({{type}})',
  geoClusterZoom: 'Le zoom de geo_cluster() est entre 0 et 25',
  geoClusterArgument: 'Argument inconnu {{name}} de geo_cluster()',
  geoClusterRadius: 'Le rayon de geo_cluster() est entre 1 et 1000 pixels',
  cannotNegate: 'Impossible de prendre l’opposé de {{expression}} ({{type}})',
  rangeOnlyInGroupBy: 'range() ne s’emploie que dans group_by',
  starNotValue: '* n’est pas une valeur ici',
  quantityPlace:
    'Une quantité avec unité ({{quantity}}) n’est un argument que de within_distance ou de range',
  namedArgument: 'L’argument nommé {{name}}= n’est accepté que par now() et geo_cluster()',
  unsupportedExpression: 'Expression non prise en charge',
  arithmeticNeedsNumbers: 'L’opérateur {{operator}} demande des nombres : {{expression}} est {{type}}',
  ifnullFallback: 'ifnull() demande une valeur de repli du même type que {{expression}} ({{type}})',
  withinDistanceInWhere: 'Dans where, employez within_distance(champ_geo, point, distance)',
  randomOnlyInOrderBy: 'random() ne s’emploie que dans order_by',
  nowNamedOnly: 'now() ne prend que des arguments nommés, comme now(days=-7)',
  starOnlyField: '* doit être le seul champ de la liste',
  likeNeedsText: 'LIKE demande un texte, pas {{expression}} ({{type}})',
  geometryMode: 'Le mode de geometry() est INTERSECTS, DISJOINT ou WITHIN',
  unknownDistanceUnit: 'Unité de distance inconnue {{unit}} (employez mi, yd, ft, m, cm, km ou mm)',
  distancePositive: 'La distance doit être positive',
  latitudeRange: 'Latitude hors limites : {{value}}',
  longitudeRange: 'Longitude hors limites : {{value}}',
  geometryLiteralExpected: "Un littéral géométrique est attendu, comme geom'POINT(2.35 48.85)'",
  expectsPoint: '{{what}} attend un point, pas un {{type}}',
  mustBeInteger: '{{what}} doit être un entier',
  mustBeNumber: '{{what}} doit être un nombre',
  literalMismatch:
    'Types incompatibles : {{literal}} ({{literalType}}) ne peut pas être comparé à {{expression}} ({{type}})',
  recordReadAggregations: 'La lecture d’un enregistrement ne peut pas choisir d’agrégations',
  aggregatesNeedAggregations:
    'Ce point d’accès demande des agrégations dans select (count(*), avg(champ)…) ou un group_by',
  // The literal readers' own words are not translated yet: the message names what was refused.
  dateLiteral: 'Date illisible — {{detail}}',
  datePattern: 'Motif de date_format() refusé — {{detail}}',
  geometryLiteral: 'Littéral géométrique refusé — {{detail}}',
  nowArgument: 'Argument de now() refusé — {{detail}}',
  unsupportedOnEngine: '{{construct}} : non pris en charge par {{engine}}',

  // What the parser would have accepted, when it is described rather than quoted.
  expected: {
    'a field name': 'un nom de champ',
    'a field name pattern': 'un motif de noms de champs',
    'a function': 'une fonction',
    'a label': 'un libellé',
    'a quoted text': 'un texte entre guillemets',
    'a value': 'une valeur',
    'an operator': 'un opérateur',
    'end of input': 'la fin de la requête',
  },
};
