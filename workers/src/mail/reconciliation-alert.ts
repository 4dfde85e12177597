import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import type { WorkerDeps } from '../deps.js';
import { layout, type Lang, type MailBrand, type RenderedMail } from './templates.js';

// To every operator, in their language, when a day's reconciliation of a provider's bill found
// differences or the bill was refused: what, how many of each kind, and where to answer them.

const PROVIDER = { wechat: 'WeChat Pay', alipay: 'Alipay', paypal: 'PayPal' } as const;
const PROVIDER_ZH = { wechat: '微信支付', alipay: '支付宝', paypal: 'PayPal' } as const;

const VERDICT = {
  en: {
    missing_settlement: 'paid at the provider, not settled in the shop',
    amount_mismatch: 'amount, currency or rate differs',
    unknown_refund: 'refund the shop did not ask for',
    missing_at_provider: 'settled in the shop, missing from the bill',
    duplicate_payment: 'second payment of a paid order',
  },
  zh: {
    missing_settlement: '渠道已收款、商城未入账',
    amount_mismatch: '金额、币种或汇率不一致',
    unknown_refund: '商城未发起的退款',
    missing_at_provider: '商城已入账、账单中缺失',
    duplicate_payment: '已支付订单的重复付款',
  },
} as const;

/** Why a bill was refused (payments' BillRejected reasons), as the console words them too. */
const REJECT_REASON = {
  en: {
    hash_mismatch: 'The file does not match its checksum',
    summary_mismatch: "The bill's summary disagrees with its rows",
    unreadable: 'The file cannot be read',
  },
  zh: { hash_mismatch: '账单文件与其校验值不符', summary_mismatch: '账单汇总与明细不一致', unreadable: '账单文件无法解析' },
} as const;

type RejectReason = keyof (typeof REJECT_REASON)['en'];
const isRejectReason = (r: unknown): r is RejectReason => typeof r === 'string' && Object.hasOwn(REJECT_REASON.en, r);

export interface AlertData {
  provider: keyof typeof PROVIDER;
  date: string;
  outcome: string;
  /** The run's English detail, shown as written when the run has no reason code (older rows). */
  detail: string | null;
  /** A refused bill's reason code and the integrity check's own message (detail_values of bill_rejected). */
  rejected?: { reason: string; message: string } | null;
  /** Open differences of the day by verdict. */
  open: Partial<Record<keyof (typeof VERDICT)['en'], number>>;
}

export function reconciliationAlertText(d: AlertData, lang: Lang, brand: MailBrand): RenderedMail {
  const zh = lang === 'zh';
  const name = zh ? PROVIDER_ZH[d.provider] : PROVIDER[d.provider];
  const href = `${brand.shopUrl}admin?tab=reconciliation&date=${d.date}`;
  if (d.outcome === 'rejected') {
    const subject = zh ? `对账：${name} ${d.date} 的账单未通过校验` : `Reconciliation: ${name} bill of ${d.date} refused`;
    return layout(brand, lang, subject, [
      {
        kind: 'p',
        text: zh
          ? `${name} ${d.date} 的账单未通过完整性校验，已拒绝，未进行对账。请稍后重新对账；如仍失败，请联系渠道。`
          : `The ${name} bill of ${d.date} failed its integrity check and was refused; nothing was reconciled. Run it again later; if it fails again, contact the provider.`,
      },
      { kind: 'facts', rows: rejectionRows(d, lang) },
      { kind: 'button', text: zh ? '打开对账页面' : 'Open the reconciliation page', href },
    ]);
  }
  const rows = (Object.entries(d.open) as [keyof (typeof VERDICT)['en'], number][])
    .filter(([, n]) => n > 0)
    .map(([v, n]) => [VERDICT[lang][v], String(n)] as [string, string]);
  const total = rows.reduce((s, [, n]) => s + Number(n), 0);
  const subject = zh ? `对账：${name} ${d.date} 有 ${total} 处差异` : `Reconciliation: ${total} difference${total === 1 ? '' : 's'} in ${name} on ${d.date}`;
  return layout(brand, lang, subject, [
    {
      kind: 'p',
      text: zh
        ? `${name} ${d.date} 的账单与商城账目有差异，需要处理（入账、退款或备注确认）。渠道已收款的缺失入账已自动入账。`
        : `The ${name} bill of ${d.date} and the shop's books differ. Each difference needs an answer (settle, refund, or acknowledge with a note). Payments the provider took but the shop had not settled were settled automatically.`,
    },
    { kind: 'facts', rows },
    { kind: 'button', text: zh ? '打开对账页面' : 'Open the reconciliation page', href },
  ]);
}

/**
 * The reason in the mail's language, and the check's message (technical, written by the
 * provider's bill parser) beside it; a run without a reason code shows its detail as written.
 */
function rejectionRows(d: AlertData, lang: Lang): [string, string][] {
  const zh = lang === 'zh';
  const reason = d.rejected?.reason;
  if (!d.rejected || !isRejectReason(reason)) return [[zh ? '原因' : 'Reason', d.detail ?? '']];
  return [
    [zh ? '原因' : 'Reason', REJECT_REASON[lang][reason]],
    [zh ? '校验信息' : 'The check said', d.rejected.message],
  ];
}

function rejectionOf(values: unknown): AlertData['rejected'] {
  const v = (values ?? {}) as Record<string, unknown>;
  return typeof v.reason === 'string' && typeof v.message === 'string' ? { reason: v.reason, message: v.message } : null;
}

export async function reconciliationAlertMail(
  deps: WorkerDeps,
  transport: Transporter,
  job: { provider: AlertData['provider']; date: string; runId: string },
  brand: MailBrand,
): Promise<unknown> {
  const run = await deps.db
    .selectFrom('reconciliation_runs')
    .select(['outcome', 'detail', 'detail_code', 'detail_values'])
    .where('id', '=', job.runId)
    .executeTakeFirst();
  if (!run) throw new UnrecoverableError(`reconciliation run ${job.runId} does not exist`);
  const open = await deps.db
    .selectFrom('reconciliation_items')
    .select(['verdict', (eb) => eb.fn.countAll<string>().as('n')])
    .where('provider', '=', job.provider)
    .where('bill_date', '=', job.date)
    .where('state', '=', 'open')
    .groupBy('verdict')
    .execute();
  if (run.outcome !== 'rejected' && !open.length) return { skipped: 'no open differences left' };
  const operators = await deps.db.selectFrom('users').select(['email', 'language']).where('role', '=', 'operator').where('email', 'is not', null).execute();
  const data: AlertData = {
    provider: job.provider,
    date: job.date,
    outcome: run.outcome,
    detail: run.detail,
    rejected: run.detail_code === 'bill_rejected' ? rejectionOf(run.detail_values) : null,
    open: Object.fromEntries(open.filter((o) => o.verdict !== 'matched').map((o) => [o.verdict, Number(o.n)])),
  };
  const sent: string[] = [];
  for (const op of operators) {
    const info = await transport.sendMail({ from: deps.config.mailFrom, to: op.email!, ...reconciliationAlertText(data, op.language, brand) });
    sent.push(info.messageId);
  }
  return { sent: sent.length };
}
