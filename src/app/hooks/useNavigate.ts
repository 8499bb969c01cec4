import { useCallback } from 'react';
import { type NavigateOptions, navigate } from '../router/history';
import { withPortal } from '../router/portal-link';
import { usePortal } from './usePortal';

/** Navigation that keeps the chosen portal in the address. */
export function useNavigate() {
  const { portal } = usePortal();
  const hrefFor = useCallback((to: string) => withPortal(to, portal), [portal]);
  const go = useCallback(
    (to: string, options?: NavigateOptions) => navigate(withPortal(to, portal), options),
    [portal],
  );
  return { navigate: go, hrefFor };
}
