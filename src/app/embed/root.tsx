import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { replaceHistoryOnly } from '../router/history';
import { EmbedApp } from './EmbedApp';
import './embed.css';

/** An embedded view: fetched by the entry (main.ts) in place of the explorer for `/embed/…` addresses. */
export function render(queryClient: QueryClient): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  replaceHistoryOnly();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EmbedApp />
      </QueryClientProvider>
    </StrictMode>,
  );
}
