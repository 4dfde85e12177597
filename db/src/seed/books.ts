export interface BookSeed {
  id: number;
  titleEn: string;
  titleZh: string;
  introductionEn: string;
  introductionZh: string;
  cover: string;
  priceCents: number;
  pdfFile: string;
}

// Prices are the spec's (section 3), kept in integer cents.
export const books: readonly BookSeed[] = [
  {
    id: 1,
    titleEn: 'Automotive Software Quality Management System Requirements',
    titleZh: '汽车软件质量管理体系要求',
    introductionEn:
      'The requirements a quality management system for automotive software must meet, from planning and development to delivery and maintenance.',
    introductionZh: '汽车软件质量管理体系应满足的要求，覆盖从策划、开发到交付与维护的全过程。',
    cover: 'book-1.svg',
    priceCents: 7500,
    pdfFile: 'book-1.pdf',
  },
  {
    id: 2,
    titleEn: 'Automotive Software Quality Management System Certification Rules and Requirements for Certification Bodies',
    titleZh: '汽车软件质量管理体系认证规则及认证机构要求',
    introductionEn:
      'How certification against the standard is carried out, and what a certification body must fulfil to be recognised.',
    introductionZh: '依据本标准开展认证的规则，以及认证机构获得认可所需满足的要求。',
    cover: 'book-2.svg',
    priceCents: 25000,
    pdfFile: 'book-2.pdf',
  },
  {
    id: 3,
    titleEn: 'Auditor Guide for the Certification Rules',
    titleZh: '认证规则审核员指南',
    introductionEn: 'Practical guidance for auditors applying the certification rules during an audit.',
    introductionZh: '为审核员在审核中运用认证规则提供的实用指南。',
    cover: 'book-3.svg',
    priceCents: 5000,
    pdfFile: 'book-3.pdf',
  },
];
