import { AdminPage } from '../../features/admin';

/** /admin: the operator console (operators only). */
export default AdminPage;
