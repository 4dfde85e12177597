import type { Messages } from '../en/common';

// Typed against the English messages: a missing key fails the build.
export const zh: Messages = {
  nav: { home: '首页', publication: '出版物', orders: '我的订单', login: '登录/注册', language: 'English' },
  books: {
    title: '出版物',
    vat: '另加适用增值税',
    ebook: '电子书',
    paper: '纸质书',
    buyNow: '立即购买',
    loading: '加载中…',
    loadFailed: '连接错误！',
  },
  footer: { service: '客服' },
};
