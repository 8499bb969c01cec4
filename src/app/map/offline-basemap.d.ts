/** The offline basemap's first tile (zoom 0), made by the build (vite.config.ts, `offlineBasemap`). */
declare module 'virtual:offline-basemap' {
  export const firstTile: string;
}
