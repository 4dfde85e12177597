import { Box, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { BASE, BRAND } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';
import { Markdown } from './markdown';

export const LEGAL_PAGES = ['imprint', 'terms', 'privacy', 'withdrawal'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];

export function isLegalPage(v: string | undefined): v is LegalPageName {
  return (LEGAL_PAGES as readonly string[]).includes(v ?? '');
}

/** Where the SPA shows a legal page (footer, purchase dialog, register agreement). */
export const legalPath = (page: LegalPageName) => `/legal/${page}`;

/** One legal page in the UI language: the operator's markdown file, served by the gateway. */
export function LegalPage({ page }: { page: string | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ md: string } | { error: true } | null>(null);
  useEffect(() => {
    if (!isLegalPage(page)) {
      setState({ error: true });
      return;
    }
    const ctl = new AbortController();
    setState(null);
    fetch(`${BASE}legal/${storedLocale()}/${page}`, { signal: ctl.signal })
      .then(async (r) => (r.ok ? setState({ md: await r.text() }) : setState({ error: true })))
      .catch(() => !ctl.signal.aborted && setState({ error: true }));
    return () => ctl.abort();
  }, [page]);
  // The page's name before the shop's in the tab title, while it is shown.
  useEffect(() => {
    if (!isLegalPage(page)) return;
    const shop = BRAND.name[storedLocale()];
    document.title = `${t(`legal.${page}`)} · ${shop}`;
    return () => {
      document.title = shop;
    };
  }, [page, t]);

  if (!state) return <Spinner />;
  if ('error' in state) return <Text role="alert">{t('common.notFound')}</Text>;
  return (
    <Box as="article" bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 8 }} maxW="3xl" data-testid="legal-page" data-page={page}>
      <Markdown source={state.md} />
    </Box>
  );
}
