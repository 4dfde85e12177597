import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { messageOf } from '../../lib/errors';

/**
 * How an operator's change ended, told the same way across the console: done (or its own text),
 * nothing to change (the action is idempotent and it was already so), or the server's refusal in
 * its own words.
 */
export function useChangeNotices() {
  const { t } = useTranslation();
  return {
    changed(changed: boolean, doneText?: string) {
      if (changed) notify.success(doneText ?? t('dict.operationSuccess'));
      else notify.info(t('admin.actions.unchanged'));
    },
    refused(err: unknown) {
      notify.error(messageOf(err, t('common.errorOccurred')));
    },
  };
}

/**
 * The end of a confirmed change: the confirmation closes, the operator is told how it went, and
 * the order (or list) is read again, whether it worked or not.
 */
export function useConfirmedChange(close: () => void, onDone: () => void) {
  const notices = useChangeNotices();
  return {
    done(changed: boolean) {
      close();
      notices.changed(changed);
      onDone();
    },
    fail(err: unknown) {
      close();
      notices.refused(err);
      onDone();
    },
  };
}
