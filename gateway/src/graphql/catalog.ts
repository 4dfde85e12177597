import type { IResolvers } from 'mercurius';
import type { Book } from '@shop/db';
import { centsToDecimal } from '@shop/payments';

type Lang = 'zh' | 'en';

const vatText: Record<Lang, string> = { en: 'plus applicable VAT', zh: '另加适用增值税' };

/** A date column as YYYY-MM-DD (pg answers it as local midnight, so local parts are the date). */
function isoDate(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  if (typeof d === 'string') return d.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function presentBook(b: Book, language: Lang) {
  return {
    id: String(b.id),
    title: language === 'zh' ? b.title_zh : b.title_en,
    titleEn: b.title_en,
    titleZh: b.title_zh,
    introduction: language === 'zh' ? b.introduction_zh : b.introduction_en,
    description: (language === 'zh' ? b.description_zh : b.description_en) ?? '',
    cover: language === 'zh' ? (b.cover_zh ?? b.cover) : b.cover,
    coverEn: b.cover,
    coverZh: b.cover_zh ?? b.cover,
    edition: (language === 'zh' ? b.edition_zh : b.edition_en) ?? null,
    pages: b.pages ?? null,
    isbn: b.isbn ?? null,
    publishedOn: isoDate(b.published_on),
    priceCents: b.price_cents,
    price: centsToDecimal(b.price_cents),
    currency: b.currency,
    vatText: vatText[language],
  };
}

export const catalogResolvers: IResolvers = {
  Query: {
    books: async (_root, args: { language?: Lang }, ctx) => {
      return (await ctx.deps.catalog.activeBooks()).map((b) => presentBook(b, args.language ?? 'en'));
    },
    book: async (_root, args: { id: string; language?: Lang }, ctx) => {
      const id = Number(args.id);
      if (!Number.isInteger(id)) return null;
      const b = await ctx.deps.catalog.book(id);
      return b ? presentBook(b, args.language ?? 'en') : null;
    },
    countries: async (_root, _args, ctx) => {
      return (await ctx.deps.catalog.allCountries()).map((c) => ({ code: c.code, en: c.name_en, cn: c.name_zh }));
    },
  },
};
