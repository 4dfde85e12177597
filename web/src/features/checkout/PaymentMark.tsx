import { chakra } from '@chakra-ui/react';
import type { PaymentMethod } from './api';

// Simple marks of our own (a coloured shape and a glyph), not the providers' logos: they help the
// eye find a method; the label beside each says which one it is, so they are hidden from readers.

const Svg = chakra('svg');

export function PaymentMark({ method }: { method: PaymentMethod }) {
  const common = { viewBox: '0 0 24 24', w: '6', h: '6', flexShrink: 0, 'aria-hidden': true, focusable: false, 'data-testid': `mark-${method}` } as const;
  switch (method) {
    case 'WECHAT_NATIVE':
    case 'WECHAT_JSAPI':
      return (
        <Svg {...common}>
          <rect width="24" height="24" rx="6" fill="#15803d" />
          <ellipse cx="10" cy="10.5" rx="5.5" ry="4.5" fill="#fff" />
          <ellipse cx="15" cy="14" rx="4.5" ry="3.7" fill="#dcfce7" stroke="#15803d" strokeWidth="0.8" />
        </Svg>
      );
    case 'ALIPAY':
      return (
        <Svg {...common}>
          <rect width="24" height="24" rx="6" fill="#1d4ed8" />
          <path d="M6 8h12M12 5v8M7.5 12h9c-1.5 4-5 6-9 7M12 14c2 2 4.5 3.5 6.5 4" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        </Svg>
      );
    case 'PAYPAL':
      return (
        <Svg {...common}>
          <rect width="24" height="24" rx="6" fill="#1e3a8a" />
          <path d="M9 19V5h4.5a3.5 3.5 0 0 1 0 7H9" stroke="#fff" strokeWidth="2" fill="none" strokeLinejoin="round" />
          <path d="M11.5 16.5V9h3.5a2.5 2.5 0 0 1 0 5h-3.5" stroke="#93c5fd" strokeWidth="1.5" fill="none" />
        </Svg>
      );
    default:
      return (
        <Svg {...common}>
          <rect width="24" height="24" rx="6" fill="#4b5563" />
          <path d="M5 10l7-4 7 4M6.5 11v6M10 11v6M14 11v6M17.5 11v6M5 18h14" stroke="#fff" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </Svg>
      );
  }
}
