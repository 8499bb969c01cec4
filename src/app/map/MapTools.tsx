import { useId } from 'react';
import { t } from '../i18n/setup';
import type { DrawMode } from './draw';
import { BASEMAPS, type Basemap } from './map-view';
import { streetBasemap } from './street-basemap';

/**
 * A drawing tool's name: whole, and on a phone its last word alone (the two buttons then share a line
 * with the basemap). The whole name stays the button's name for screen readers and speech input.
 */
function ToolLabel({ long, short }: { readonly long: string; readonly short: string }) {
  return (
    <>
      <span className="map-tool-long">{long}</span>
      <span className="map-tool-short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}

interface MapToolsProps {
  readonly drawMode: DrawMode | undefined;
  readonly onDrawMode: (mode: DrawMode | undefined) => void;
  readonly basemap: Basemap;
  readonly onBasemap: (basemap: Basemap) => void;
}

/** The map's tools above it: drawing an area to filter on, and the basemap. */
export function MapTools({ drawMode, onDrawMode, basemap, onBasemap }: MapToolsProps) {
  const basemapId = useId();
  const tool = (mode: DrawMode, long: string, short: string) => (
    <button
      type="button"
      className={drawMode === mode ? 'button is-active' : 'button'}
      aria-pressed={drawMode === mode}
      onClick={() => onDrawMode(drawMode === mode ? undefined : mode)}
    >
      <ToolLabel long={long} short={short} />
    </button>
  );
  return (
    <>
      <fieldset className="map-tools" aria-label={t('map.drawArea')}>
        {tool('rectangle', t('map.rectangle'), t('map.rectangleShort'))}
        {tool('polygon', t('map.polygon'), t('map.polygonShort'))}
      </fieldset>
      <label className="map-basemap" htmlFor={basemapId}>
        <span className="map-basemap-label">{t('map.basemap')}</span>
        <select
          id={basemapId}
          value={basemap}
          onChange={(event) => onBasemap(BASEMAPS.find((b) => b === event.target.value) ?? 'offline')}
        >
          {BASEMAPS.map((b) => (
            <option key={b} value={b}>
              {t(b === 'offline' && streetBasemap() ? 'map.basemaps.streets' : `map.basemaps.${b}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
