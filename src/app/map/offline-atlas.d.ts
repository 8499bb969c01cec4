/** The offline basemap's GeoJSON addresses, made by the build (vite.config.ts, `offlineAtlas`). */
declare module 'virtual:offline-atlas' {
  export const coarse: string;
  export const fine: string;
}
