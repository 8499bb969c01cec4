/*
 * The request target, read once before routing so that the router, the access decision, the logs and
 * the links all see the same path.
 *
 * RFC 9112 §3.2.2: a server must accept the absolute form (`GET http://host/path`, what clients send to a
 * proxy) and then take the host from the target, not from the Host header. It is normalised to its path
 * rather than refused: a portal behind a forward proxy, or a client configured with one, keeps working,
 * and every check below the router sees one canonical path whatever form the client wrote.
 *
 * Dot segments are removed (RFC 3986 §5.2.4) and repeated slashes merged, as a browser or a reverse proxy
 * would before the request reaches a route, so `/api/./x`, `//api//x` and `/api/y/../x` name the route
 * `/api/x` names. Percent-encoded slashes stay inside their segment: `a%2Fb` is one segment, the dataset id
 * `a/b`, never two. The query string is kept as it was sent.
 */

export type TargetReading =
  | {
      readonly ok: true;
      /** Path and query in origin form, canonical. */
      readonly url: string;
      /** `host[:port]` of an absolute-form target, which replaces the Host header (RFC 9112 §3.2.2). */
      readonly authority?: string;
    }
  | { readonly ok: false; readonly reason: string };

const ABSOLUTE = /^(https?):\/\/([^/?]*)(.*)$/is;

/** `.` and `..`, also percent-encoded (`%2e`, `.%2E`…), which browsers and proxies read as dots too. */
function dotSegment(segment: string): '.' | '..' | undefined {
  const plain = segment.replace(/%2e/gi, '.');
  return plain === '.' || plain === '..' ? plain : undefined;
}

/** The canonical form of an origin-form path: no dot segments, no empty segments but a trailing one. */
export function canonicalPath(path: string): string {
  const segments = path.split('/');
  const out: string[] = [];
  const last = segments.length - 1;
  for (let i = 1; i <= last; i++) {
    const segment = segments[i]!;
    const dots = dotSegment(segment);
    if (dots === '..') out.pop();
    if (dots !== undefined || segment === '') {
      // A trailing dot segment or slash keeps the path a "directory" (`/a/b/..` is `/a/`).
      if (i === last) out.push('');
      continue;
    }
    out.push(segment);
  }
  return `/${out.join('/')}`;
}

/**
 * A host as a link may carry it: a name or IPv4 address, or a bracketed IPv6 address, with an optional
 * port. Anything else (spaces, userinfo, paths, several hosts) is refused rather than echoed in links.
 */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9._~-]{0,251}[A-Za-z0-9])?\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(host: string | undefined): host is string {
  if (host === undefined || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host.startsWith('[') ? host.slice(host.indexOf(']')) : host)?.[1];
  return port === undefined || Number(port) <= 65535;
}

function splitQuery(rest: string): { path: string; query: string } {
  const q = rest.indexOf('?');
  return q < 0 ? { path: rest, query: '' } : { path: rest.slice(0, q), query: rest.slice(q) };
}

/** Reads a request target: origin form kept (canonical), absolute form turned into it, others refused. */
export function readTarget(target: string): TargetReading {
  if (target.startsWith('/')) {
    const { path, query } = splitQuery(target);
    return { ok: true, url: canonicalPath(path) + query };
  }
  const absolute = ABSOLUTE.exec(target);
  if (absolute) {
    const authority = absolute[2]!;
    if (!isValidHost(authority))
      return { ok: false, reason: 'The request target names no valid host (absolute form).' };
    const rest = absolute[3]!;
    const { path, query } = splitQuery(rest.startsWith('/') ? rest : `/${rest}`);
    return { ok: true, url: canonicalPath(path) + query, authority };
  }
  // `*` (a server-wide OPTIONS) and the authority form (CONNECT) name no resource of this server.
  return { ok: false, reason: 'The request target must be a path (origin form) or an http(s) URL.' };
}
