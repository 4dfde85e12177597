// Bank statements as bills: camt.053 and online-banking CSV exports turned into the credits that
// came in, and the shop's order numbers found in their remittance texts. Bad input is an error
// that names the line or element, never a crash (checked on arbitrary input with fast-check).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import t from 'tap';
import { BankStatementError, extractOrderNumbers, parseBankCsv, parseCamt053, type BankCredit } from '../../payments/src/bank-statement/index.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/bank/${name}`, import.meta.url), 'utf8');

/** The error a function throws (fails the test when it returns). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

t.test('camt.053: the booked credits, one per transaction of a batch; debits, pending entries and reversals left out', async (t) => {
  const credits = parseCamt053(fixture('camt053-credits.xml'));
  t.same(credits, [
    {
      entryRef: '2026112500001',
      bookingDate: '2026-11-25',
      valueDate: '2026-11-25',
      amountMinor: 7500,
      currency: 'EUR',
      reference: 'Bestellung 20261122K7M2Q9XD4B ASPICE PAM',
      debtorName: 'Jürgen Müller GmbH',
      endToEndId: 'E2E-MUELLER-1',
    },
    {
      entryRef: '2026112500002',
      bookingDate: '2026-11-25',
      valueDate: '2026-11-26',
      amountMinor: 5000,
      currency: 'EUR',
      reference: 'Teilzahlung order 20261123H3V8N5PW0R',
      debtorName: 'Chen Wei',
    },
    {
      entryRef: '2026112500003',
      bookingDate: '2026-11-25',
      amountMinor: 12000,
      currency: 'EUR',
      reference: 'order 2026 1124 z9t4 m7kc 2e',
      debtorName: 'A. Rossi',
    },
    { entryRef: 'NR-0004', bookingDate: '2026-11-25', amountMinor: 1999, currency: 'EUR', reference: 'GUTSCHRIFT RECHNUNG 4711' },
    {
      entryRef: '2026112500005-A',
      bookingDate: '2026-11-25',
      amountMinor: 15000,
      currency: 'EUR',
      reference: '20261120MX4R8TNB6C',
      debtorName: 'Kowalski Sp. z o.o.',
    },
    {
      entryRef: '2026112500005/2',
      bookingDate: '2026-11-25',
      amountMinor: 7500,
      currency: 'EUR',
      reference: 'Commande 20261121 QW3E5R7T9Y',
      debtorName: 'Dupont SARL',
    },
  ]);
  t.same(
    credits.map((c) => extractOrderNumbers(c.reference)[0] ?? null),
    ['20261122K7M2Q9XD4B', '20261123H3V8N5PW0R', '20261124Z9T4M7KC2E', null, '20261120MX4R8TNB6C', '20261121QW3E5R7T9Y'],
    'matched, partly matched (amount / mangled number) and unknown credits',
  );
});

t.test('camt.053 of a later version (.001.08): Sts/Cd, DtTm, the debtor under Pty, no prefix trouble', async (t) => {
  const xml = `<?xml version="1.0"?><c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><c:BkToCstmrStmt><c:Stmt><c:Id>S8</c:Id>
    <c:Ntry><c:Amt Ccy="EUR">1500</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts><c:Cd>BOOK</c:Cd></c:Sts><c:BookgDt><c:DtTm>2026-11-25T10:11:12+01:00</c:DtTm></c:BookgDt>
      <c:NtryDtls><c:TxDtls><c:RltdPties><c:Dbtr><c:Pty><c:Nm>Erika &amp; Max</c:Nm></c:Pty></c:Dbtr></c:RltdPties><c:RmtInf><c:Ustrd>20261125K7M2Q9XD4B</c:Ustrd></c:RmtInf></c:TxDtls></c:NtryDtls></c:Ntry>
    <c:Ntry><c:Amt Ccy="EUR">9.00</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts><c:Cd>INFO</c:Cd></c:Sts><c:BookgDt><c:Dt>2026-11-25</c:Dt></c:BookgDt></c:Ntry>
  </c:Stmt></c:BkToCstmrStmt></c:Document>`;
  t.same(parseCamt053(xml), [
    { entryRef: 'S8/1', bookingDate: '2026-11-25', amountMinor: 150000, currency: 'EUR', reference: '20261125K7M2Q9XD4B', debtorName: 'Erika & Max' },
  ]);
});

t.test('camt.053: bad input is an error naming where', async (t) => {
  const entry = (inner: string) =>
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S</Id><Ntry><NtryRef>X1</NtryRef>${inner}</Ntry></Stmt></BkToCstmrStmt></Document>`;
  const ok = '<CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt>';
  const cases: Array<[string, string, RegExp]> = [
    ['<Document><BkToCstmrStmt>\n<Stmt></BkToCstmrStmt>', 'not XML', /^line 2, column \d+: not well-formed XML/],
    ['<Document><BkToCstmrAcctRpt/></Document>', 'a camt.052', /^Document: not a camt\.053 statement/],
    ['<Document><BkToCstmrStmt/></Document>', 'no statement', /holds no Stmt/],
    [entry(`<Amt Ccy="EUR">12,50</Amt>${ok}`), 'a decimal comma', /^Stmt\[1\]\/Ntry\[1\] \(NtryRef X1\)\/Amt: "12,50" is not an amount/],
    [entry(`<Amt Ccy="EURO">12.50</Amt>${ok}`), 'a bad currency', /\/Amt: Ccy "EURO" is not a currency code/],
    [entry(`<Amt Ccy="EUR">12.50</Amt><CdtDbtInd>CREDIT</CdtDbtInd><Sts>BOOK</Sts>`), 'a bad indicator', /\/CdtDbtInd: "CREDIT" is neither CRDT nor DBIT/],
    [entry(`<Amt Ccy="EUR">12.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>`), 'no booking date', /\/BookgDt: a booked entry without a booking date/],
    [entry(`<Amt Ccy="EUR">12.50</Amt><CdtDbtInd>CRDT</CdtDbtInd>`), 'no status', /\/Sts: no status/],
    [
      entry(
        `<Amt Ccy="EUR">100.00</Amt>${ok}<NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">60.00</Amt></TxAmt></AmtDtls></TxDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">30.00</Amt></TxAmt></AmtDtls></TxDtls></NtryDtls>`,
      ),
      'a batch that does not add up',
      /Ntry\[1\] \(NtryRef X1\): its 2 transactions add up to 90\.00, the entry says 100\.00 EUR/,
    ],
    [
      entry(`<Amt Ccy="EUR">100.00</Amt>${ok}<NtryDtls><TxDtls/><TxDtls/></NtryDtls>`),
      'a batch without amounts',
      /TxDtls\[1\]: a batched transaction without its amount/,
    ],
  ];
  for (const [xml, what, message] of cases) {
    const err = thrown(() => parseCamt053(xml));
    t.ok(err instanceof BankStatementError, `${what}: a BankStatementError`);
    t.match((err as Error).message, message, what);
  }
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (s) => {
      try {
        return Array.isArray(parseCamt053(s));
      } catch (err) {
        return err instanceof BankStatementError;
      }
    }),
    { numRuns: 300 },
  );
  // Arbitrary element soup in a camt shell: still either credits or a named error.
  fc.assert(
    fc.property(
      fc.array(
        fc.constantFrom(
          '<Ntry>',
          '</Ntry>',
          '<Amt Ccy="EUR">1.00</Amt>',
          '<CdtDbtInd>CRDT</CdtDbtInd>',
          '<Sts>BOOK</Sts>',
          '<NtryDtls>',
          '</NtryDtls>',
          '<TxDtls/>',
          '<BookgDt><Dt>2026-01-01</Dt></BookgDt>',
        ),
        { maxLength: 12 },
      ),
      (parts) => {
        try {
          return Array.isArray(parseCamt053(`<Document><BkToCstmrStmt><Stmt>${parts.join('')}</Stmt></BkToCstmrStmt></Document>`));
        } catch (err) {
          return err instanceof BankStatementError;
        }
      },
    ),
    { numRuns: 300 },
  );
});

t.test('CSV export, default layout: booked credits only, amounts with decimal comma, stable entry refs', async (t) => {
  const text = fixture('statement-sparkasse.csv');
  const credits = parseBankCsv(text);
  t.match(credits, [
    {
      bookingDate: '2026-11-25',
      valueDate: '2026-11-25',
      amountMinor: 7500,
      currency: 'EUR',
      reference: 'Bestellung 20261122K7M2Q9XD4B ASPICE PAM',
      debtorName: 'Jürgen Müller GmbH',
    },
    { valueDate: '2026-11-26', amountMinor: 5000, reference: 'Teilzahlung 20261123H3V8N5PW0R', debtorName: 'Chen Wei' },
    { amountMinor: 112000, reference: 'order 2026-1124-z9t4-m7kc-2e' },
    { amountMinor: 1999, reference: 'Rechnung 4711; danke', debtorName: 'Unbekannt AG' },
    { amountMinor: 1000, reference: '20261124Z9T4M7KC2EP2' },
  ]);
  t.equal(credits.length, 5, 'the debit and the pending (vorgemerkt) row are left out');
  t.same(
    credits.map((c: BankCredit) => c.entryRef),
    parseBankCsv(text).map((c) => c.entryRef),
    'the same export read twice gives the same refs',
  );
  t.equal(new Set(credits.map((c) => c.entryRef)).size, 5);
  t.same(
    credits.map((c) => extractOrderNumbers(c.reference)[0] ?? null),
    ['20261122K7M2Q9XD4B', '20261123H3V8N5PW0R', '20261124Z9T4M7KC2E', null, '20261124Z9T4M7KC2E'],
  );
});

t.test('CSV export with another layout: comma-separated, decimal point, ISO dates, unsigned amounts with a credit/debit column', async (t) => {
  const text = [
    'Account statement 2026-11-25',
    'Date,Amount,Currency,CD,Details,Payer,Ref',
    '2026-11-25,"1,234.50",EUR,C,"Order 20261122K7M2Q9XD4B, thanks",Acme Ltd,BR-1',
    '2026-11-25,10.00,EUR,D,Fee,,BR-2',
  ].join('\n');
  const format = {
    delimiter: ',',
    decimal: '.' as const,
    group: ',',
    dateFormat: 'YYYY-MM-DD' as const,
    columns: { bookingDate: 'Date', amount: 'Amount', currency: 'Currency', creditDebit: 'CD', reference: 'Details', debtorName: 'Payer', entryRef: 'Ref' },
    creditValues: ['C'],
  };
  t.same(parseBankCsv(text, format), [
    {
      entryRef: 'BR-1',
      bookingDate: '2026-11-25',
      amountMinor: 123450,
      currency: 'EUR',
      reference: 'Order 20261122K7M2Q9XD4B, thanks',
      debtorName: 'Acme Ltd',
    },
  ]);
});

t.test('CSV export: bad input is an error naming the line', async (t) => {
  const head = '"Buchungstag";"Betrag";"Verwendungszweck"';
  const cases: Array<[string, RegExp]> = [
    [`${head}\n"25.11.2026";"75.00";"x"`, /^line 2: Betrag "75\.00" is not an amount \(decimal ","\)/],
    [`${head}\n"2026-11-25";"75,00";"x"`, /^line 2: Buchungstag "2026-11-25" is not a date DD\.MM\.YYYY/],
    [`${head}\n"31.02.2026";"75,00";"x"`, /^line 2: Buchungstag "31\.02\.2026" is not a date/],
    [`${head}\n"25.11.2026";"75,00"`, /^line 2: 2 fields, the header has 3/],
    [`${head}\n\n"25.11.2026";"75,00";"open`, /^line 3: a quoted field is never closed/],
    ['Datum,Wert\n1,2', /^header: no row names both Buchungstag and Betrag/],
    ['"Buchungstag";"Betrag"\n"25.11.2026";"1,00"', /^line 1: the header lacks Verwendungszweck/],
  ];
  for (const [text, message] of cases) {
    const err = thrown(() => parseBankCsv(text));
    t.ok(err instanceof BankStatementError);
    t.match((err as Error).message, message);
  }
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (s) => {
      try {
        return Array.isArray(parseBankCsv(`${head}\n${s}`));
      } catch (err) {
        return err instanceof BankStatementError;
      }
    }),
    { numRuns: 300 },
  );
});

t.test('order numbers in reference texts', async (t) => {
  const cases: Array<[string, string[]]> = [
    ['Bestellung 20261122K7M2Q9XD4B', ['20261122K7M2Q9XD4B']],
    ['20261122k7m2q9xd4b', ['20261122K7M2Q9XD4B']],
    ['out_trade_no pasted: 20261122K7M2Q9XD4BP3', ['20261122K7M2Q9XD4B']],
    ['ORDER 2026 1122 K7M2 Q9XD 4B', ['20261122K7M2Q9XD4B']],
    ['order 2026-1122-K7M2-Q9XD-4B', ['20261122K7M2Q9XD4B']],
    ['broken over lines 20261122K7M2\nQ9XD4B', ['20261122K7M2Q9XD4B']],
    ['look-alikes 2O261122K7M2Q9XD4B and 20261122K7M2Q9XDLB', ['20261122K7M2Q9XD4B', '20261122K7M2Q9XD1B']],
    ['two orders 20261122K7M2Q9XD4B + 20261123H3V8N5PW0R', ['20261122K7M2Q9XD4B', '20261123H3V8N5PW0R']],
    ['Rechnung 4711 vom 25.11.2026', []],
    ['no such date 20261322K7M2Q9XD4B or 20260230K7M2Q9XD4B', []],
    ['glued to other text 20261122K7M2Q9XD4BZZ (a candidate still)', ['20261122K7M2Q9XD4B']],
    ['IBAN DE89370400440532013000', []],
    ['', []],
  ];
  for (const [text, want] of cases) t.same(extractOrderNumbers(text), want, JSON.stringify(text));
  t.equal(extractOrderNumbers('20261122'.repeat(40)).length <= 10, true, 'at most ten candidates');
  t.equal(extractOrderNumbers('x 20261122K7M2Q9XD4B y').length, 1, 'an exact find is not repeated by the loose pass');
});
