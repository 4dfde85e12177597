import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { notify } from '../../components/ui/toaster';
import { DIALOG_WIDTH } from '../../lib/config';
import { apiError, messageOf } from '../../lib/errors';
import { AuditTrail } from './AuditTrail';
import { RECONCILIATION_ITEM_EVENTS, RESOLVE_RECONCILIATION_ITEM, type ReconciliationAction, type ReconciliationItem } from './reconciliation-api';

/** The server's limit of a note (core/src/reconciliation/review.ts). */
export const NOTE_MAX = 500;

interface ResolveProps {
  item: ReconciliationItem;
  action: ReconciliationAction;
  onClose: () => void;
  /** After an answer, whatever it was: the page reads the day again. */
  onDone: () => void;
}

/** The confirmation of an action on a difference, with its note (required to acknowledge). */
export function ResolveDialog({ item, action, onClose, onDone }: ResolveProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { loading }] = useMutation(RESOLVE_RECONCILIATION_ITEM);
  const trade = item.refundNo ?? item.outTradeNo;

  const confirm = () => {
    const text = note.trim();
    if (action === 'ACKNOWLEDGE' && !text) return setError(t('admin.reconciliation.noteRequired'));
    if ([...text].length > NOTE_MAX) return setError(t('admin.reconciliation.noteTooLong', { max: NOTE_MAX }));
    setError(null);
    resolve({ variables: { itemId: item.id, action, note: text || null } }).then(
      () => {
        notify.success(t('dict.operationSuccess'));
        onClose();
        onDone();
      },
      (err: unknown) => {
        const e = apiError(err);
        // A note the server refused is shown at the note; anything else closes with its message.
        if (e.field === 'note' && e.message) return setError(e.message);
        notify.error(messageOf(err, t('common.errorOccurred')));
        onClose();
        onDone();
      },
    );
  };

  return (
    <ShopDialog
      open
      onClose={onClose}
      title={t(`admin.reconciliation.confirmTitles.${action}`)}
      width={DIALOG_WIDTH.login}
      testId="recon-resolve-dialog"
      role="alertdialog"
      footer={<DialogActions onCancel={onClose} onAct={confirm} busy={loading} lockCancel testId="recon-resolve-confirm" />}
    >
      <Stack gap={4}>
        <Text>{t(`admin.reconciliation.confirm.${action}`, { trade, provider: t(`admin.providers.${item.provider}`) })}</Text>
        <FormField
          label={t('admin.reconciliation.note')}
          required={action === 'ACKNOWLEDGE'}
          error={error}
          helper={t('admin.reconciliation.noteHelp', { max: NOTE_MAX })}
        >
          <TextInput name="note" size="sm" maxLength={NOTE_MAX + 20} value={note} onChange={(e) => setNote(e.target.value)} data-testid="recon-note" />
        </FormField>
      </Stack>
    </ShopDialog>
  );
}

/** A difference's audit trail: the verdict, then who resolved it how. */
export function ReconciliationHistoryDialog({ item, onClose }: { item: ReconciliationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(RECONCILIATION_ITEM_EVENTS, { variables: { itemId: item.id }, fetchPolicy: 'network-only' });
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={t('admin.reconciliation.historyTitle', { trade: item.refundNo ?? item.outTradeNo })}
      width={900}
      testId="recon-history"
    >
      {loading ? (
        <Spinner />
      ) : error ? (
        <Text color="red.600">{messageOf(error, t('common.errorOccurred'))}</Text>
      ) : (
        <AuditTrail events={data?.reconciliationItemEvents ?? []} labels="admin.reconciliation.eventTypes" />
      )}
    </ShopDialog>
  );
}
