import { Box, Text } from '@chakra-ui/react';
import { BRAND } from '../../lib/config';
import { useTranslation } from '../../lib/use-translation';

/**
 * Who sells, on every page that takes money: legal name, address and registration from the
 * brand configuration (SELLER_*), in the page's language.
 */
export function SellerIdentity() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const seller = BRAND.seller;
  const colon = t('common.colon');
  return (
    <Box as="section" aria-label={t('seller.title')} fontSize="xs" color="gray.700" lineHeight="1.5" data-testid="seller-identity">
      <Text>
        {t('seller.title')}
        {colon}
        <Text as="span" fontWeight="semibold" data-testid="seller-name">
          {seller.name[lang]}
        </Text>
      </Text>
      <Text data-testid="seller-address">{seller.address[lang]}</Text>
      <Text>
        {t('seller.registration')}
        {colon}
        {/* The register entry stays as the register writes it, in any page language. */}
        <Text as="span" htmlTranslate="no" data-testid="seller-registration">
          {seller.registration}
        </Text>
      </Text>
    </Box>
  );
}
