import { Button, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { ME, sessionChanged, useSession, type SessionUser } from '../../lib/session';
import { endHandover } from '../../lib/login-gate';
import { storeTokenCookie } from '../../lib/storage';

const accountOf = (u: SessionUser) => u.email || `${u.phoneArea} ${u.phoneNo}`.trim();

/**
 * A link with ?orderToken signs the visitor in (spec section 2), but only with their action: the
 * token is asked whose session it is (without touching the visitor's own session or the cache),
 * and the visitor confirms that account before the token becomes the session cookie. A token of
 * the account already signed in is taken as is; an invalid one is dropped.
 */
export default function OrderTokenConfirm({ token }: { token: string }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const { user, loading } = useSession();
  const [done, setDone] = useState(false);
  const preview = useQuery(ME, { fetchPolicy: 'no-cache', context: { headers: { authorization: `Bearer ${token}` }, queryDeduplication: false } });
  const owner = preview.data?.me ?? null;
  const settled = !loading && !preview.loading;
  const sameAccount = settled && !!owner && !!user && owner.userId === user.userId;

  const finish = (accepted: boolean) => {
    setDone(true);
    endHandover(accepted);
  };

  useEffect(() => {
    if (done || !settled) return;
    if (!owner) finish(false);
    else if (sameAccount) {
      storeTokenCookie(token);
      finish(true);
    }
  }, [done, settled, owner, sameAccount, token]);

  const accept = () => {
    storeTokenCookie(token);
    finish(true);
    void sessionChanged(client);
  };

  return (
    <ShopDialog
      open={!done && settled && !!owner && !sameAccount}
      onClose={() => finish(false)}
      title={t('auth.orderToken.title')}
      width={DIALOG_WIDTH.login}
      testId="order-token-dialog"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={() => finish(false)}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={accept}>
            {t('auth.orderToken.continue')}
          </Button>
        </>
      }
    >
      {owner ? (
        <Stack gap={2}>
          <Text>{t('auth.orderToken.signsInAs', { name: `${owner.firstName} ${owner.lastName}`.trim(), account: accountOf(owner) })}</Text>
          {user ? <Text>{t('auth.orderToken.replaces', { account: accountOf(user) })}</Text> : null}
          <Text fontWeight="medium">{t('auth.orderToken.ownLinkOnly')}</Text>
        </Stack>
      ) : null}
    </ShopDialog>
  );
}
