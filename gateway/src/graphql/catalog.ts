import type { IResolvers } from 'mercurius';
import type { Book } from '@shop/db';

type Lang = 'zh' | 'en';

const vatText: Record<Lang, string> = { en: 'plus applicable VAT', zh: '另加适用增值税' };

export function presentBook(b: Book, language: Lang) {
  return {
    id: String(b.id),
    title: language === 'zh' ? b.title_zh : b.title_en,
    titleEn: b.title_en,
    titleZh: b.title_zh,
    introduction: language === 'zh' ? b.introduction_zh : b.introduction_en,
    cover: b.cover,
    priceCents: b.price_cents,
    price: (b.price_cents / 100).toFixed(2),
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
