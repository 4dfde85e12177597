import { QrPayPage } from '../../features/payment';

/** /views/pay/WxNativePay?orderNo&price&currency&codeUrl */
export default QrPayPage;
