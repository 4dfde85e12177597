import { Link, Text } from '@chakra-ui/react';
import { Trans } from 'react-i18next';
import { BASE } from '../../lib/config';
import { useTranslation } from '../../lib/use-translation';

/**
 * What "agree and pay" agrees to: the terms of sale and the withdrawal rules for digital goods,
 * each a link (a new tab, so the purchase dialog stays as it is).
 */
export function AgreeNote({ i18nKey }: { i18nKey: 'purchase.agreeNote' | 'auth.agreement.legalLinks' }) {
  const { t, i18n } = useTranslation();
  const link = (page: string) => (
    <Link href={`${BASE}legal/${page}`} target="_blank" rel="noopener" color="blue.700" textDecoration="underline" data-testid={`legal-link-${page}`} />
  );
  return (
    <Text fontSize="sm" data-testid="agree-note">
      <Trans i18nKey={i18nKey} t={t} i18n={i18n} components={{ terms: link('terms'), withdrawal: link('withdrawal'), privacy: link('privacy') }} />
    </Text>
  );
}
