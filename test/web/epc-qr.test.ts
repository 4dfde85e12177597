// The GiroCode of the bank details (EPC069-12, version 002): a banking app reads the transfer's
// fields from it, one per line, in the standard's order.
import t from 'tap';
import { epcPayload } from '../../web/src/lib/epc-qr.ts';
import { epcFields } from './epc-fields.js';

const transfer = {
  bic: 'sboxdeb1',
  name: 'Quality Standard Publications GmbH',
  iban: 'DE97 9999 9999 0000 0123 45',
  amount: '75.00',
  remittance: 'N2026112800001',
};

t.test('the fields a banking app reads, in order', async (t) => {
  const payload = epcPayload(transfer)!;
  t.same(epcFields(payload), {
    serviceTag: 'BCD',
    version: '002',
    charset: '1',
    identification: 'SCT',
    bic: 'SBOXDEB1',
    name: 'Quality Standard Publications GmbH',
    iban: 'DE97999999990000012345',
    amount: 'EUR75.00',
    purpose: '',
    reference: '',
    text: 'N2026112800001',
  });
  t.ok(Buffer.byteLength(payload, 'utf8') <= 331, 'within the 331 bytes the standard allows');
});

t.test('limits of the standard: name 70, text 140 characters, no line breaks inside a field', async (t) => {
  const f = epcFields(epcPayload({ ...transfer, name: `A\n${'n'.repeat(80)}`, remittance: 'r'.repeat(200) })!);
  t.equal(f.name!.length, 70);
  t.ok(f.name!.startsWith('A n'), 'a line break becomes a space');
  t.equal(f.text!.length, 140);
});

t.test('an amount a SEPA transfer cannot carry gives no code', async (t) => {
  for (const amount of ['0.00', '-1.00', '1,00', '1000000000.00', 'x']) t.equal(epcPayload({ ...transfer, amount }), null, amount);
  t.equal(epcFields(epcPayload({ ...transfer, amount: '5' })!).amount, 'EUR5.00');
});
