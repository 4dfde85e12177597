import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readEntry } from './app/entry';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { createApolloClient } from './lib/apollo';
import { initI18n } from './lib/i18n';

// Entry paths and query parameters first: they may set the language of the texts and requests.
const flags = readEntry();
const client = createApolloClient();

void initI18n().then((i18n) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={client} i18n={i18n}>
        <AppRouter flags={flags} />
      </Providers>
    </StrictMode>,
  ),
);
