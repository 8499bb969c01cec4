import type { FastifyInstance } from 'fastify';

/*
 * The marker pictograms Opendatasoft's own front end (ods-widgets) asks the portal for, at the paths it
 * builds (`PictoHelper.mapPictoToURL`, services/utils.js): point maps draw `ods-circle` inside a marker
 * and `dot` without one (`MapHelper`, map-helper.js), older map configurations name `icon-circle`. A
 * missing file is answered 404 and the widget falls back to its own dot, so markers showed broken on this
 * server. These are drawings of our own (no Opendatasoft artwork): plain shapes the widgets recolour by
 * setting `fill` on the SVG's `circle` and `rect` elements.
 */

/** A 19-pixel square with an invisible rect over it, the touch target the widgets' own dot has. */
function drawing(shape: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="19" height="19" viewBox="0 0 19 19">' +
    `${shape}<rect x="0" y="0" width="19" height="19" style="opacity: 0"/></svg>`
  );
}

const CIRCLE = drawing('<circle cx="9.5" cy="9.5" r="7"/>');
const DOT = drawing('<circle cx="9.5" cy="9.5" r="3.5"/>');

/** Path (under `/static/pictos/img/`) → SVG. */
export const PICTOGRAMS: Readonly<Record<string, string>> = {
  // `ods-circle`: the set-v3 pictogram of markers.
  'set-v3/pictos/circle.svg': CIRCLE,
  // `dot`: the set-v2 pictogram of points drawn without a marker (the widgets' default).
  'set-v2/dot.svg': DOT,
  // `icon-circle`: the set-v1 (Font Awesome 3) name of older map configurations.
  'set-v1/fa/circle.svg': CIRCLE,
};

const PREFIX = '/static/pictos/img/';

/** Serves the pictograms; any other pictogram path is a 404 (the widgets then draw their own dot). */
export function servePictograms(app: FastifyInstance): void {
  for (const [path, svg] of Object.entries(PICTOGRAMS)) {
    app.get(`${PREFIX}${path}`, async (_req, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg),
    );
  }
}
