import { AccountPage } from '../../features/account';

/** /account: the logged-in buyer's own account. */
export default AccountPage;
