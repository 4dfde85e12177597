import t from 'tap';
import { zh } from '../../web/src/locales/zh/index.ts';
import { accountWalks } from './account-ui-steps.js';

t.test('account screens (zh)', accountWalks('zh', zh));
