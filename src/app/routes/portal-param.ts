import { parsePortalUrl } from '../../api';

/** Where the explorer reads data: `portal` is a portal root address, or '' for the server that serves the page. */
export interface PortalChoice {
  readonly portal: string;
  /** Why the `portal` value of the address was refused (the explorer then reads this server). */
  readonly error?: string;
  readonly rejected?: string;
}

export const PORTAL_PARAM = 'portal';
export const PORTAL_STORAGE_KEY = 'odexplorer.portal';

export function readPortalParam(value: string | null): PortalChoice {
  if (value === null || value.trim() === '') return { portal: '' };
  const parsed = parsePortalUrl(value);
  return parsed.ok ? { portal: parsed.url } : { portal: '', error: parsed.reason, rejected: value };
}
