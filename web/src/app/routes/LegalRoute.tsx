import { useParams } from 'react-router-dom';
import { LegalPage } from '../../features/legal/LegalPage';

/** /legal/:page — imprint, terms of sale, privacy, withdrawal. */
export default function LegalRoute() {
  const { page } = useParams();
  return <LegalPage page={page} />;
}
