import { useParams } from 'react-router-dom';
import { BookDetail } from '../../features/catalog/BookDetail';
import { useBuyFlow } from './useBuyFlow';

/** bookDetail: one book with its gallery. */
export default function BookDetailPage() {
  const { bookId = '' } = useParams();
  const { onBuy, dialogs } = useBuyFlow();
  return (
    <>
      <BookDetail bookId={bookId} onBuy={onBuy} />
      {dialogs}
    </>
  );
}
