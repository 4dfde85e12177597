import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/hydrated';

/**
 * Buy now, disabled until the app runs the page (a tap on the painted HTML would be lost). Its
 * own component, so that only the button renders again when the app takes the page over.
 */
export function BuyNowButton({ onClick, ...layout }: Pick<ButtonProps, 'onClick' | 'mt' | 'alignSelf'>) {
  const { t } = useTranslation();
  return (
    <Button colorPalette="brand" {...layout} onClick={onClick} disabled={!useHydrated()} data-testid="buy-now">
      {t('books.buyNow')}
    </Button>
  );
}
