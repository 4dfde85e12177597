export { PayResultPage } from './PayResultPage';
export { QrPayPage } from './QrPayPage';
