import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '../api';
import { App } from './App';
import { setupI18n } from './i18n/setup';
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

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer or an unreachable portal will not change by asking again at once; a 5xx may.
      retry: (failures, error) => error instanceof ApiError && error.status >= 500 && failures < 2,
    },
  },
});

setupI18n();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
