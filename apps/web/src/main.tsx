// First, so the base rules come before every component's own CSS in the bundle.
import './styles/global.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { MessageDialogProvider } from './components/dialog/MessageDialogProvider';
import { logToServer } from './lib/client-log';
import { trpc, trpcClient } from './lib/trpc';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

window.addEventListener('unhandledrejection', (event) => logToServer('error', `Unhandled: ${String(event.reason)}`));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MessageDialogProvider>
          <App />
        </MessageDialogProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
