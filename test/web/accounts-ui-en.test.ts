import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { accountWalks } from './account-ui-steps.js';

t.test('account screens (en)', accountWalks('en', en));
