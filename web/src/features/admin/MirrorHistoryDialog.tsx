import { Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { messageOf } from '../../lib/errors';
import { MIRROR_EVENTS, type RegistrationMirror } from './api';
import { AuditTrail } from './AuditTrail';

/** The audit trail of one account's mirror: who asked for which retry, when, from what state. */
export function MirrorHistoryDialog({ mirror, onClose }: { mirror: RegistrationMirror; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MIRROR_EVENTS, { variables: { userId: mirror.userId }, fetchPolicy: 'network-only' });
  return (
    <ShopDialog open onClose={onClose} title={t('admin.mirrors.historyTitle', { email: mirror.email ?? mirror.userId })} width={900} testId="mirror-history">
      {loading ? (
        <Spinner />
      ) : error ? (
        <Text color="red.600">{messageOf(error, t('common.errorOccurred'))}</Text>
      ) : (
        <AuditTrail events={data?.registrationMirrorEvents ?? []} />
      )}
    </ShopDialog>
  );
}
