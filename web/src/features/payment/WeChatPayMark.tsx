import { chakra } from '@chakra-ui/react';

const Svg = chakra('svg');

/** WeChat Pay's green. */
export const WECHAT_PAY_GREEN = '#07c160';

/**
 * Our own simple mark for the WeChat Pay page (a tick on a rounded square in WeChat Pay green),
 * not WeChat's logo; the words "微信支付 / WeChat Pay" beside it name the method.
 */
export function WeChatPayMark({ size = 8 }: { size?: number }) {
  return (
    <Svg viewBox="0 0 32 32" w={size} h={size} flexShrink={0} aria-hidden focusable={false} data-testid="wechat-pay-mark">
      <rect width="32" height="32" rx="8" fill={WECHAT_PAY_GREEN} />
      <path d="M8.5 16.5l5 5 10-11" stroke="#fff" strokeWidth="3.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}
