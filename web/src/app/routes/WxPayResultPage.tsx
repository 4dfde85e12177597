import { useSearchParams } from 'react-router-dom';
import { PayResultPage } from '../../features/payment';

/** /views/pay/WxPayResult?orderNo */
export default function WxPayResultPage() {
  const [q] = useSearchParams();
  return <PayResultPage reference={q.get('orderNo') ?? ''} bilingual afterSuccess="bookDetail" />;
}
