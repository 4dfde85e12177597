export interface BookSeed {
  id: number;
  titleEn: string;
  titleZh: string;
  introductionEn: string;
  introductionZh: string;
  /** The English cover; coverZh the Chinese one (files in web/public/covers). */
  cover: string;
  coverZh: string;
  priceCents: number;
  pdfFile: string;
  editionEn: string;
  editionZh: string;
  pages: number;
  /** Sample values for the demo catalogue: the operator's seed carries the real ones. */
  isbn: string;
  publishedOn: string;
  descriptionEn: string;
  descriptionZh: string;
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
    coverZh: 'book-1-zh.svg',
    editionEn: '1st edition',
    editionZh: '第1版',
    pages: 126,
    isbn: '978-3-00-000001-0',
    publishedOn: '2024-03-15',
    descriptionEn:
      'The standard sets out what an organisation developing or maintaining software for vehicles must have in place: a defined quality policy, responsibilities, planning, a development process with verification and validation, configuration and change management, supplier control, and measurement and improvement. Each requirement is written so that it can be audited, with notes on typical evidence. For quality managers, process owners, project leads and everyone preparing an organisation for certification.',
    descriptionZh:
      '本标准规定了从事车辆软件开发或维护的组织应具备的条件：明确的质量方针、职责与策划，包含验证与确认的开发过程，配置与变更管理，供方控制，以及测量与改进。每项要求均以可审核的方式表述，并附有典型证据的说明。适用于质量经理、过程负责人、项目负责人以及所有为认证做准备的人员。',
    priceCents: 7500,
    pdfFile: 'book-1.pdf',
  },
  {
    id: 2,
    titleEn: 'Automotive Software Quality Management System Certification Rules and Requirements for Certification Bodies',
    titleZh: '汽车软件质量管理体系认证规则及认证机构要求',
    introductionEn: 'How certification against the standard is carried out, and what a certification body must fulfil to be recognised.',
    introductionZh: '依据本标准开展认证的规则，以及认证机构获得认可所需满足的要求。',
    cover: 'book-2.svg',
    coverZh: 'book-2-zh.svg',
    editionEn: '1st edition',
    editionZh: '第1版',
    pages: 88,
    isbn: '978-3-00-000002-7',
    publishedOn: '2024-06-01',
    descriptionEn:
      'The rules by which organisations are certified against the standard: application, the stages of the initial audit, surveillance and recertification audits, how findings are graded and closed, and when a certificate is suspended or withdrawn. The second part lists what a certification body must demonstrate to be recognised: impartiality, competence of its auditors, and the records it keeps.',
    descriptionZh:
      '组织依据本标准获得认证的规则：申请、初次审核的各阶段、监督审核与再认证审核、不符合项的分级与关闭，以及证书的暂停或撤销。第二部分列出认证机构获得认可所需证明的内容：公正性、审核员能力以及应保存的记录。',
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
    coverZh: 'book-3-zh.svg',
    editionEn: '1st edition',
    editionZh: '第1版',
    pages: 64,
    isbn: '978-3-00-000003-4',
    publishedOn: '2024-09-20',
    descriptionEn:
      'A working guide for auditors: how to plan an audit against the certification rules, sample projects and records, interview developers and managers, judge evidence and write findings that an organisation can act on. With checklists for each audit stage and worked examples of typical findings.',
    descriptionZh:
      '审核员的工作指南：如何依据认证规则策划审核、抽样项目与记录、访谈开发人员和管理者、评价证据，并写出组织能够据以改进的审核发现。附有各审核阶段的检查表以及典型发现的示例。',
    priceCents: 5000,
    pdfFile: 'book-3.pdf',
  },
];
