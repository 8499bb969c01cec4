import { usePortal } from '../hooks/usePortal';

/** The window title: the page, then the portal when it is not this server. */
export function PageTitle({ children }: { readonly children: string }) {
  const { portal } = usePortal();
  const host = portal === '' ? [] : [portal.replace(/^https?:\/\//, '')];
  return <title>{[children, ...host, 'Open data explorer'].join(' · ')}</title>;
}
