import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { shopSystem, shopSystemForPrerendered } from '../lib/system';

interface Props {
  client: ApolloClient;
  i18n: I18n;
  /** The page's HTML came prerendered with Chakra's global CSS in it (the browser hydrates it). */
  prerendered?: boolean;
  children: ReactNode;
}

export function Providers({ client, i18n, prerendered = false, children }: Props) {
  return (
    <ChakraProvider value={prerendered ? shopSystemForPrerendered() : shopSystem()}>
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
}
