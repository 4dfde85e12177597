import { useSearchParams } from 'react-router-dom';
import { PayResultPage } from '../../features/payment';

/** /views/pay/PayPalResult?token=<PayPal order id>&key=<book id> */
export default function PayPalResultPage() {
  const [q] = useSearchParams();
  return <PayResultPage reference={q.get('token') ?? q.get('orderNo') ?? ''} bilingual afterSuccess="index" />;
}
