import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { messageOf } from '../../lib/errors';

/**
 * The submit of an account form: checks every field first, runs the change one at a time (`busy`
 * spins the button), and shows a refusal in the server's words.
 */
export function useAccountSubmit(form: { validate: () => boolean }, change: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    try {
      await change();
    } catch (err) {
      notify.error(messageOf(err, t('common.errorOccurredLower')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
