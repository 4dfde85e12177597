export { PurchaseFlow, type PurchaseRequest } from './PurchaseFlow';
