export const en = {
  nav: { home: 'Home', publication: 'Publication', orders: 'My Orders', login: 'Login/Register', language: '中文' },
  books: {
    title: 'Publications',
    vat: 'plus applicable VAT',
    ebook: 'E-book',
    paper: 'Paper book',
    buyNow: 'Buy now',
    loading: 'Loading …',
    loadFailed: 'Connection Error!',
  },
  footer: { service: 'Customer service' },
};
export type Messages = typeof en;
