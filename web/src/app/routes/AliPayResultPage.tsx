import { useSearchParams } from 'react-router-dom';
import { PayResultPage } from '../../features/payment';

/** /views/pay/AliPayResult?out_trade_no */
export default function AliPayResultPage() {
  const [q] = useSearchParams();
  return <PayResultPage reference={q.get('out_trade_no') ?? q.get('orderNo') ?? ''} bilingual={false} afterSuccess="index" />;
}
