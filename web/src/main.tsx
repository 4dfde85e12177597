import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { readEntry } from './app/entry';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { createApolloClient } from './lib/apollo';
import { initI18n } from './lib/i18n';

// Entry paths and query parameters first: they may set the language of the texts and requests.
const flags = readEntry();
const i18n = initI18n();
const client = createApolloClient();
const router = createRouter(flags);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={client} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
