import { BookList } from '../../features/catalog/BookList';
import { useBuyFlow } from './useBuyFlow';

/** /index: the three books and the buy flow. */
export default function IndexPage() {
  const { onBuy, dialogs } = useBuyFlow();
  return (
    <>
      <BookList onBuy={onBuy} />
      {dialogs}
    </>
  );
}
