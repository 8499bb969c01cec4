import { PageTitle } from '../components/PageTitle';
import { Link } from '../router/Link';

export function NotFoundView({ pathname }: { readonly pathname: string }) {
  return (
    <main className="content content-narrow" id="main">
      <PageTitle>Page not found</PageTitle>
      <div className="error-panel" role="alert">
        <h1>Page not found</h1>
        <p className="error-message">The explorer has no page at {pathname}.</p>
        <p>
          <Link to="/">Go to the catalog</Link>
        </p>
      </div>
    </main>
  );
}
