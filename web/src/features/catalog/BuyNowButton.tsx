import type { ButtonProps } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { HydratedButton } from '../../lib/hydrated';

/**
 * Buy now, disabled until the app runs the page (a tap on the painted HTML would be lost). Its
 * own component, so that only the button renders again when the app takes the page over.
 */
export function BuyNowButton({ onClick, ...layout }: Pick<ButtonProps, 'onClick' | 'mt' | 'alignSelf'>) {
  const { t } = useTranslation();
  return (
    <HydratedButton colorPalette="brand" {...layout} onClick={onClick} data-testid="buy-now">
      {t('books.buyNow')}
    </HydratedButton>
  );
}
