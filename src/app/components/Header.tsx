import { useTranslation } from 'react-i18next';
import { Link } from '../router/Link';
import { LanguageSwitch } from './LanguageSwitch';
import { PortalSettings } from './PortalSettings';

export function Header({ portal }: { readonly portal: string }) {
  const { t } = useTranslation();
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
          {t('app.name')}
        </Link>
        <div className="site-header-tools">
          <LanguageSwitch />
          <PortalSettings portal={portal} />
        </div>
      </div>
    </header>
  );
}
