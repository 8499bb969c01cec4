/*
 * What the offline basemap's tiles hold, shared by the build that cuts them (basemap-tiles.ts) and the
 * style that draws them (basemap.ts), which the page's code imports without the cutting's libraries.
 */

/** The tiles' one layer, holding land, borders and coastlines told apart by their `kind`. */
export const BASEMAP_LAYER = 'basemap';

/** From this zoom on the 1:110m coastlines look coarse: the tiles are cut from the 1:50m atlas. */
export const FINE_ATLAS_ZOOM = 4;

/** The atlases have no detail worth cutting past this zoom: deeper views scale these tiles up. */
export const BASEMAP_MAX_ZOOM = 6;
