import { QueryClient } from '@tanstack/react-query';
import { setupI18n } from './i18n/setup';
import { pageParsed } from './queries/first-data';
import { prefetchAddress } from './queries/page-prefetch';
import { retryDelay, shouldRetry } from './queries/retry';
// The stylesheets in cascade order: base first, then one per component folder.
import './styles.css';
import './components/header.css';
import './components/search-chips.css';
import './components/facets.css';
import './components/catalog.css';
import './views/dataset.css';
import './views/api-tab.css';
import './table/records.css';
import './export/export.css';
import './components/notice.css';
import './core.css';
// The table's, after the rest as when they came with its chunks: a table page then waits for one
// stylesheet, not three, which took three of the browser's six connections from the page's code.
import './table/table.css';
import './column-stats/column-stats.css';
import './table/table-map.css';

/*
 * The explorer's entry, kept small: it sends the first page's requests (data and code), then fetches
 * React and the views, which arrive while the answers are on their way. The first rows of a table wait
 * for the slower of the two, not for both in turn.
 */

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A busy server's 429 or 503 is waited out (its Retry-After); another 4xx will not change.
      retry: shouldRetry,
      retryDelay,
    },
  },
});

setupI18n();
prefetchAddress(queryClient, window.location, (app) => {
  // An embedded view has an app of its own, without the explorer's header, pages and tabs.
  const code = app === 'embed' ? import('./embed/root') : import('./root');
  // This script runs once loaded (`async`), maybe before the page's root element is parsed.
  void Promise.all([code, pageParsed]).then(([root]) => root.render(queryClient));
});
