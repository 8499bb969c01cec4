import { Link } from '../router/Link';
import { PortalSettings } from './PortalSettings';

export function Header({ portal }: { readonly portal: string }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="brand-mark">
            <rect x="3" y="3" width="8" height="8" rx="2" />
            <rect x="13" y="3" width="8" height="8" rx="2" />
            <rect x="3" y="13" width="8" height="8" rx="2" />
            <rect x="13" y="13" width="8" height="8" rx="2" />
          </svg>
          Open data explorer
        </Link>
        <PortalSettings portal={portal} />
      </div>
    </header>
  );
}
