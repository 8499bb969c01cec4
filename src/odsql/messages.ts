/*
 * Every ODSQL diagnostic has a stable code and parameters; its English message, the one the API's 400
 * ODSQLError bodies carry (in the real service's wording), is this catalogue's template filled with them.
 * Interfaces in other languages render the code and the same parameters from their own catalogues.
 * Templates name their parameters as `{name}`; a code never changes meaning once published.
 */
export const DIAGNOSTIC_MESSAGES = {
  // Lexer and parser (syntax)
  queryTooLong: 'query too long ({length} characters, at most {max})',
  unexpectedToken: 'unexpected {token} at position {position}',
  unexpectedEnd: 'unexpected end of input at position {position}',
  nestedTooDeeply: 'expression nested too deeply at position {position}',
  tooManyOperators: 'too many operators (more than {max}) at position {position}',
  // Lists longer than their bound (limits.ts); the position is the first item over it.
  tooManySelectItems: 'select has {count} items, at most {max} are allowed (position {position})',
  tooManyGroupByKeys: 'group_by has {count} keys, at most {max} are allowed (position {position})',
  tooManySortKeys: 'order_by has {count} sort keys, at most {max} are allowed (position {position})',
  tooManyListValues: 'the IN list has {count} values, at most {max} are allowed (position {position})',
  tooManyArguments: '{name}() has {count} arguments, at most {max} are allowed (position {position})',
  tooManyRangeBounds: 'range() has {count} bounds, at most {max} are allowed (position {position})',
  unknownFunctionCall: 'unknown function {name} at position {position}',
  equiRanges: 'EQUI ranges are not supported at position {position}',
  rangeWidthNotPositive: 'the width of a range must be positive at position {position}',
  rangeStarInside: '* may only open the first or last range at position {position}',
  rangeIntervalWithBounds: 'a date interval cannot be mixed with range bounds at position {position}',
  rangeNoBound: 'range needs at least one bound at position {position}',
  rangeOneBound:
    'a range with one bound needs * to open it, as in range(field, *, 10) or range(field, 10, *) at position {position}',
  numberOutOfRange: 'number out of range {number} at position {position}',
  facetOptionTwice: '{option} given twice at position {position}',
  facetNeedsName: 'facet() needs name="field" at position {position}',
  facetSort: 'sort must be one of {sorts} at position {position}',
  facetLimit: 'limit must be a positive integer at position {position}',
  facetBoolean: '{option} must be true or false at position {position}',
  facetSeparator: 'separator must be a non-empty text at position {position}',
  invalidUnicodeEscape: 'invalid \\u escape at position {position}',
  unterminatedString: 'unterminated string, missing closing {quote} at position {position}',
  unterminatedFieldName: 'unterminated field name, missing closing {quote} at position {position}',
  emptyFieldName: 'empty field name at position {position}',
  unexpectedCharacter: 'unexpected character {character} at position {position}',
  refineFacetExpected: 'expected a facet name at position {position}',
  refineColonExpected: 'expected : after the facet name at position {position} ({clause} takes facet:value)',
  refineValueMissing: 'missing value after {facet}: at position {position}',
  refineValueMalformed: 'malformed quoted value at position {position}',

  // Checking against the dataset and the function catalogue (semantic)
  unknownField: 'Unknown field: {name}',
  unknownFunction: 'Unknown function: {name}',
  argumentCount: 'Function {name}() takes {expected} argument{plural}, {given} given',
  argumentCountAtLeast: 'Function {name}() takes at least {min} argument{plural}, {given} given',
  argumentCountBetween: 'Function {name}() takes {min} to {max} argument{plural}, {given} given',
  functionNotInClause: 'Function {name}() is not allowed in {clause} (it can be used in: {clauses})',
  functionOnlyInGroupBy: 'Function {name}() can only be used in group_by',
  functionNotHere: 'Function {name}() is not supported here',
  functionNotGeoFilter: 'Function {name}() is not a geo filter',
  functionNotTextFilter: 'Function {name}() is not a text filter',
  functionNeedsQuotedText: 'Function {name}() needs a quoted text as its last argument',
  functionSearchesText: 'Function {name}() searches text fields: {expression} is {type}',
  expectsText: 'Function {name}() expects a text argument, got {expression} ({type})',
  expectsGeo: 'Function {name}() expects a geo_point_2d or geo_shape field, got {expression} ({type})',
  expectsDate: 'Function {name}() expects a date or datetime, got {expression} ({type})',
  statAggregationType: 'StatAggregation only supports numeric or date expression: {expression} is {type}',
  statAggregationCall:
    'StatAggregation only supports numeric or date expression: {name}() got {expression} ({type})',
  aggregationsNested: 'Aggregations cannot be nested: {name}() inside another aggregation',
  countDistinctStar: 'count(distinct *) is not supported: name a field',
  percentileRange: 'The percentile must be between 0 and 100, got {value}',
  unknownAggregation: 'Unknown aggregation {name}()',
  notBoolean: 'Field {name} is not a boolean ({type}): compare it with a value',
  expectedCondition: 'Expected a condition, got {expression} ({type})',
  expectedConditionCall: 'Expected a condition, got {name}() ({type})',
  isBooleanNeedsBoolean: 'IS {value} needs a boolean, got {expression} ({type})',
  multivaluedCompared: 'Two multivalued fields cannot be compared',
  cannotOrder: 'Type mismatch: {left} ({leftType}) cannot be ordered against {right} ({rightType})',
  cannotCompare: 'Type mismatch: {left} ({leftType}) cannot be compared with {right} ({rightType})',
  geoCompared: 'Geo values cannot be compared: use within_distance, in_bbox, intersects, within or disjoint',
  rangeOnMultivalued: 'A range cannot apply to a multivalued field',
  fieldNotGrouped: 'Field {name} must be in group_by or used in an aggregation',
  fieldNotGroupedSelected: 'Field {name} must be in group_by to be selected with aggregations',
  aggregationsFirstInOrderBy:
    'In order_by, aggregations must come before fields: {expression} comes after {previous}',
  orderByNeedsGroupBy: 'order_by needs group_by when select holds aggregations',
  selectStarWithAggregations:
    'Select with aggregations cannot list every field: name the aggregations only, or use group_by',
  randomSeed: 'random() takes one integer seed',
  sortByAggregation: 'Sorting by an aggregation needs group_by',
  cannotSort: 'Cannot sort by {expression} ({type})',
  aggregationInGroupBy: 'Aggregations cannot be used in group_by',
  cannotGroup: 'Cannot group by {expression} ({type})',
  rangeNeedsNumberOrDate: 'range() needs a number or a date, got {expression} ({type})',
  dateRangeNeedsInterval: 'A range over dates needs an interval, such as range(date, 1 day)',
  numberRangeNeedsWidth: 'A range over numbers needs a width, such as range(field, 10)',
  rangeWidthPositive: 'The width of a range must be positive',
  unknownIntervalUnit: 'Unknown interval unit {unit} (use ms, s, m, h, d, w, M, q, y or their names)',
  intervalWhole: 'A date interval must be a positive whole number',
  intervalMultiples: 'Multiples of {unit}s are not supported: use 1 {unit}',
  dateRangeBounds: "Bounds of a date range are dates, such as date'2020-01-01'",
  rangeBoundsOrder: 'Range bounds must be in increasing order',
  dateFormatPattern: 'date_format() needs a quoted pattern as its second argument',
  geoClusterField: 'geo_cluster() needs a geo_point_2d field, got {expression} ({type})',
  geoClusterZoom: 'The zoom of geo_cluster() is between 0 and 25',
  geoClusterArgument: 'Unknown argument {name} of geo_cluster()',
  geoClusterRadius: 'The radius of geo_cluster() is between 1 and 1000 pixels',
  cannotNegate: 'Cannot negate {expression} ({type})',
  rangeOnlyInGroupBy: 'range() can only be used in group_by',
  starNotValue: '* is not a value here',
  quantityPlace: 'A quantity with a unit ({quantity}) is only an argument of within_distance or range',
  namedArgument: 'Named argument {name}= is only accepted by now() and geo_cluster()',
  unsupportedExpression: 'Unsupported expression',
  arithmeticNeedsNumbers: 'Arithmetic operator {operator} needs numbers: {expression} is {type}',
  ifnullFallback: 'ifnull() needs a fallback of the same type as {expression} ({type})',
  withinDistanceInWhere: 'In where, use within_distance(geo_field, point, distance)',
  randomOnlyInOrderBy: 'random() can only be used in order_by',
  nowNamedOnly: 'now() only takes named arguments such as now(days=-7)',
  starOnlyField: '* must be the only field of the list',
  likeNeedsText: 'LIKE needs a text, got {expression} ({type})',
  geometryMode: 'The mode of geometry() is INTERSECTS, DISJOINT or WITHIN',
  unknownDistanceUnit: 'Unknown distance unit {unit} (use mi, yd, ft, m, cm, km or mm)',
  distancePositive: 'The distance must be positive',
  latitudeRange: 'Latitude out of range: {value}',
  longitudeRange: 'Longitude out of range: {value}',
  geometryLiteralExpected: "Expected a geometry literal such as geom'POINT(2.35 48.85)'",
  expectsPoint: '{what} expects a point, got a {type}',
  mustBeInteger: '{what} must be an integer',
  mustBeNumber: '{what} must be a number',
  literalMismatch: 'Type mismatch: {literal} ({literalType}) cannot be compared with {expression} ({type})',

  // Queries of the wrong kind for their endpoint (the API checks these, not the editor)
  recordReadAggregations: 'A record read cannot select aggregations',
  aggregatesNeedAggregations:
    'The aggregates endpoint needs aggregations in select (count(*), avg(field)…) or a group_by',

  // Literals read by their own parsers
  /** A date literal its reader refused; `detail` is the reader's own words (`Cannot parse date: …`). */
  dateLiteral: '{detail}',
  /** A date_format() pattern its reader refused; `detail` is the reader's own words. */
  datePattern: '{detail}',
  /** A geometry literal (WKT, WKB, GeoJSON) its reader refused; `detail` is the reader's own words. */
  geometryLiteral: '{detail}',
  /** A now() argument refused by its planner; `detail` is the planner's own words. */
  nowArgument: '{detail}',
  /** A construct the engine's dialect cannot run (docs/odsql-coverage.md lists them per engine). */
  unsupportedOnEngine: '{construct} is not supported on {engine}',
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_MESSAGES;

type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** The parameters a code's template names, each a text or a number. */
export type DiagnosticParams<C extends DiagnosticCode = DiagnosticCode> = Readonly<
  Record<ParamNames<(typeof DIAGNOSTIC_MESSAGES)[C]>, string | number>
>;

/** A diagnostic's code with its parameters, before it is placed in a clause. */
export interface DiagnosticMessage<C extends DiagnosticCode = DiagnosticCode> {
  readonly code: C;
  readonly params: DiagnosticParams<C>;
}

export function diagnosticMessage<C extends DiagnosticCode>(
  code: C,
  params: DiagnosticParams<C>,
): DiagnosticMessage<C> {
  return { code, params };
}

/** The English message of a code: its template with the parameters in place. */
export function englishMessage(message: DiagnosticMessage): string {
  const values = message.params as Readonly<Record<string, string | number>>;
  return DIAGNOSTIC_MESSAGES[message.code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
