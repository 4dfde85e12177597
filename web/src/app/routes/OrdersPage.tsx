import { OrdersPage } from '../../features/orders';

/** /orders */
export default OrdersPage;
