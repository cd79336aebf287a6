import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { setSessionLostHandler } from './lib/api-client.ts';
import './styles.css';

// admin.md §4: when a refresh fails, tokens are cleared and the user goes to /admin/login.
setSessionLostHandler(() => window.location.assign('/admin/login'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
