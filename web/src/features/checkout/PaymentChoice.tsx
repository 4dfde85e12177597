import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { inWeChat } from '../../lib/media';
import { radioGroupRecipe } from '../../lib/theme';
import type { PaymentMethod } from './api';
import { PaymentMark } from './PaymentMark';

/** Pay type 2 (provider checkout) offers the providers; pay type 3 is the offline bank transfer. */
export function providerMethods(): PaymentMethod[] {
  return [inWeChat() ? 'WECHAT_JSAPI' : 'WECHAT_NATIVE', 'ALIPAY', 'PAYPAL'];
}

export const payTypeOf = (m: PaymentMethod): 2 | 3 => (m === 'BANK_TRANSFER' ? 3 : 2);

export function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  const { t } = useTranslation();
  const item = (m: PaymentMethod) => (
    <RadioGroup.Item key={m} value={m} data-testid={`pay-${m}`}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <PaymentMark method={m} />
      <RadioGroup.ItemText>{t(`purchase.methods.${m}`)}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
  return (
    <RadioGroup.Root
      recipe={radioGroupRecipe}
      size="sm"
      colorPalette="blue"
      value={value}
      onValueChange={(d) => d.value && onChange(d.value as PaymentMethod)}
      name="payment-method"
    >
      <RadioGroup.Label fontWeight="semibold">{t('purchase.payment')}</RadioGroup.Label>
      <Stack gap={3} mt={2}>
        <Text fontSize="sm" color="fg.muted">
          {t('purchase.providerCheckout')}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={5} pl={2}>
          {providerMethods().map(item)}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('purchase.offline')}
        </Text>
        <Stack pl={2}>{item('BANK_TRANSFER')}</Stack>
        {value === 'BANK_TRANSFER' ? (
          <Text fontSize="sm" color="orange.700" data-testid="offline-note">
            {t('purchase.offlineNote')}
          </Text>
        ) : null}
      </Stack>
    </RadioGroup.Root>
  );
}
