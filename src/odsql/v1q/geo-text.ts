/*
 * The coordinate texts of v1 geo filters, latitude first: `48.85,2.35` (a point), `48.85,2.35,1000`
 * (a circle in metres) and `(48.88,2.37),(48.87,2.37),(48.88,2.38)` (a polygon).
 */

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export type GeoTextResult<T> = { ok: true; value: T } | { ok: false; message: string };

function number(text: string): number | undefined {
  const t = text.trim();
  if (!NUMBER.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

function point(latText: string, lonText: string): GeoTextResult<[number, number]> {
  const lat = number(latText);
  const lon = number(lonText);
  if (lat === undefined || lon === undefined)
    return { ok: false, message: `${latText.trim()},${lonText.trim()} is not a latitude,longitude pair` };
  if (lat < -90 || lat > 90) return { ok: false, message: `latitude ${lat} is outside -90..90` };
  if (lon < -180 || lon > 180) return { ok: false, message: `longitude ${lon} is outside -180..180` };
  return { ok: true, value: [lat, lon] };
}

/** `lat,lon` or, with `withDistance`, `lat,lon,metres`. */
export function parseCircle(
  text: string,
  withDistance: boolean,
): GeoTextResult<{ lat: number; lon: number; metres?: number }> {
  const parts = text.split(',');
  const expected = withDistance ? 3 : 2;
  if (parts.length !== expected) {
    return {
      ok: false,
      message: `expected ${withDistance ? 'latitude,longitude,metres' : 'latitude,longitude'}, got ${text.trim() || 'nothing'}`,
    };
  }
  const p = point(parts[0]!, parts[1]!);
  if (!p.ok) return p;
  const [lat, lon] = p.value;
  if (!withDistance) return { ok: true, value: { lat, lon } };
  const metres = parseMetres(parts[2]!);
  return metres.ok ? { ok: true, value: { lat, lon, metres: metres.value } } : metres;
}

export function parseMetres(text: string): GeoTextResult<number> {
  const metres = number(text);
  if (metres === undefined || metres < 0)
    return { ok: false, message: `the distance ${text.trim() || '(empty)'} is not a number of metres` };
  return { ok: true, value: metres };
}

const PAIR = /\s*\(\s*([^,()]*)\s*,\s*([^,()]*)\s*\)\s*/y;

/** `(lat,lon),(lat,lon),…`: at least three points. */
export function parsePolygon(text: string): GeoTextResult<[number, number][]> {
  const points: [number, number][] = [];
  let i = 0;
  while (i < text.length) {
    PAIR.lastIndex = i;
    const m = PAIR.exec(text);
    if (!m) return { ok: false, message: `expected (latitude,longitude) at position ${i}` };
    const p = point(m[1]!, m[2]!);
    if (!p.ok) return p;
    points.push(p.value);
    i = PAIR.lastIndex;
    if (i < text.length) {
      if (text[i] !== ',') return { ok: false, message: `expected , between points at position ${i}` };
      i++;
      if (i === text.length) return { ok: false, message: 'a point is missing after the last comma' };
    }
  }
  if (points.length < 3)
    return { ok: false, message: `a polygon needs at least 3 points, got ${points.length}` };
  return { ok: true, value: points };
}
