import { useEffect, useId, useRef, useState } from 'react';
import { CopyButton } from '../components/CopyButton';
import { useNavigate } from '../hooks/useNavigate';
import { useLocation } from '../router/useLocation';
import type { EmbedView } from '../routes/paths';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, embedPath } from './embed-address';
import {
  DEFAULT_SIZE,
  type EmbedSize,
  embedSnippet,
  MAX_SIDE,
  MIN_SIDE,
  readSide,
  SIZE_PRESETS,
  type SizePreset,
} from './embed-snippet';
import { useEmbedT } from './i18n';
import './share.css';

interface ShareDialogProps {
  readonly datasetId: string;
  readonly title: string;
  readonly view: EmbedView;
  /** The dialog closed (Escape, its button, or a click outside it): focus goes back to the opener. */
  readonly onClose: () => void;
}

type SizeChoice = SizePreset | 'custom';
const PRESETS = Object.keys(SIZE_PRESETS) as SizePreset[];

/**
 * The Share dialog of a dataset view: its link, and the iframe that shows it on another site, with
 * its options. A modal `<dialog>`: the page behind is inert, Tab stays inside, Escape closes it.
 */
export default function ShareDialog({ datasetId, title, view, onClose }: ShareDialogProps) {
  const t = useEmbedT();
  const { href, search } = useLocation();
  const { hrefFor } = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = {
    title: useId(),
    link: useId(),
    code: useId(),
    width: useId(),
    height: useId(),
    size: useId(),
  };
  const [options, setOptions] = useState<EmbedOptions>(DEFAULT_EMBED_OPTIONS);
  const [sizeChoice, setSizeChoice] = useState<SizeChoice>(DEFAULT_SIZE);
  const [custom, setCustom] = useState({ width: '800', height: '500' });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);

  const origin = window.location.origin;
  const link = `${origin}${href}`;
  const src = `${origin}${hrefFor(embedPath(datasetId, view, search, options))}`;
  const size: EmbedSize =
    sizeChoice === 'custom'
      ? {
          width: readSide(custom.width) ?? SIZE_PRESETS[DEFAULT_SIZE].width,
          height: readSide(custom.height) ?? SIZE_PRESETS[DEFAULT_SIZE].height,
        }
      : SIZE_PRESETS[sizeChoice];
  const frameTitle = t('frameTitle', { title, view: t(`views.${view}`) });
  const snippet = embedSnippet(src, frameTitle, size);
  const set = (change: Partial<EmbedOptions>) => setOptions((o) => ({ ...o, ...change }));

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's click is the pointer's Escape, which the dialog handles itself
    <dialog
      ref={dialog}
      className="share-dialog"
      aria-labelledby={ids.title}
      // Under React's StrictMode the dialog is opened, closed and opened again as it mounts: the close
      // event of the first closing arrives once it is open again, and is not the reader's.
      onClose={() => {
        if (!dialog.current?.open) onClose();
      }}
      // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="share-body">
        <div className="share-head">
          <h2 id={ids.title}>{t('title')}</h2>
          <button
            type="button"
            className="button share-close"
            aria-label={t('close')}
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <section className="share-section">
          <label htmlFor={ids.link} className="share-label">
            {t('link')}
          </label>
          <p className="hint">{t('linkHint')}</p>
          <div className="share-row">
            <input
              id={ids.link}
              className="share-text"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={link} label={t('copyLink')} />
          </div>
        </section>

        <section className="share-section" aria-labelledby={`${ids.title}-embed`}>
          <h3 id={`${ids.title}-embed`} className="share-label">
            {t('embed')}
          </h3>
          <p className="hint">{t('embedHint')}</p>
          <div className="share-options">
            <label htmlFor={ids.size}>{t('size')}</label>
            <select
              id={ids.size}
              value={sizeChoice}
              onChange={(e) => setSizeChoice(e.target.value as SizeChoice)}
            >
              {PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {t(`sizes.${preset}`, SIZE_PRESETS[preset])}
                </option>
              ))}
              <option value="custom">{t('sizes.custom')}</option>
            </select>
            {sizeChoice === 'custom' && (
              <div className="share-size">
                {(['width', 'height'] as const).map((side) => (
                  <span key={side}>
                    <label htmlFor={ids[side]}>{t(side)}</label>
                    <input
                      id={ids[side]}
                      type="number"
                      inputMode="numeric"
                      min={MIN_SIDE}
                      max={MAX_SIDE}
                      step={10}
                      value={custom[side]}
                      aria-describedby={`${ids.size}-hint`}
                      onChange={(e) => setCustom((c) => ({ ...c, [side]: e.target.value }))}
                    />
                  </span>
                ))}
                <p id={`${ids.size}-hint`} className="hint">
                  {t('sideHint', { min: MIN_SIDE, max: MAX_SIDE })}
                </p>
              </div>
            )}
            <label className="share-check">
              <input
                type="checkbox"
                checked={options.card}
                onChange={(e) => set({ card: e.target.checked })}
              />
              {t('card')}
            </label>
            {view === 'map' && (
              <>
                <label className="share-check">
                  <input
                    type="checkbox"
                    checked={options.lock}
                    onChange={(e) => set({ lock: e.target.checked })}
                  />
                  {t('lock')}
                </label>
                <label className="share-check">
                  <input
                    type="checkbox"
                    checked={options.wheel && !options.lock}
                    disabled={options.lock}
                    aria-describedby={options.lock ? `${ids.size}-wheel` : undefined}
                    onChange={(e) => set({ wheel: e.target.checked })}
                  />
                  {t('wheel')}
                </label>
                {options.lock && (
                  <p id={`${ids.size}-wheel`} className="hint">
                    {t('wheelLocked')}
                  </p>
                )}
              </>
            )}
          </div>
          <label htmlFor={ids.code} className="share-label">
            {t('code')}
          </label>
          <textarea
            id={ids.code}
            className="share-text share-code"
            readOnly
            rows={4}
            value={snippet}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="share-row">
            <CopyButton text={snippet} label={t('copyCode')} />
            <a href={src} target="_blank" rel="noopener">
              {t('preview')} <span className="visually-hidden">{t('newTab')}</span>
            </a>
          </div>
        </section>
      </div>
    </dialog>
  );
}
