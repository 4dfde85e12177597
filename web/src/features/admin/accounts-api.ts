import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AdminOrder, MirrorStatus, Paged } from './api';

export interface AdminAccount {
  userId: string;
  email: string | null;
  phoneArea: string | null;
  phoneNo: string | null;
  name: string;
  company: string;
  role: string;
  language: 'zh' | 'en';
  disabled: boolean;
  loginFirst: boolean;
  createdAt: string;
  orderCount: number;
  openSessions: number;
  mirrorStatus: MirrorStatus | null;
  mirrorLastError: string | null;
  /** Only asked for by the detail dialog. */
  orders?: AdminOrder[];
}

/** How an account is named on the screen: its email, else its phone number, else its id. */
export function accountLabel(a: Pick<AdminAccount, 'email' | 'phoneArea' | 'phoneNo' | 'userId'>): string {
  return a.email || (a.phoneNo ? `${a.phoneArea ?? ''} ${a.phoneNo}`.trim() : a.userId);
}

// Put into the documents at build time (vite.config.ts, precompileGql).
const ADMIN_ACCOUNT_FIELDS = gql`
  fragment AdminAccountFields on AdminAccount {
    userId
    email
    phoneArea
    phoneNo
    name
    company
    role
    language
    disabled
    loginFirst
    createdAt
    orderCount
    openSessions
    mirrorStatus
    mirrorLastError
  }
`;

export const ADMIN_ACCOUNTS: TypedDocumentNode<{ adminAccounts: Paged<AdminAccount> }, { search?: string; page: number; pageSize: number }> = gql`
  query AdminAccounts($search: String, $page: Int, $pageSize: Int) {
    adminAccounts(search: $search, page: $page, pageSize: $pageSize) {
      items {
        ...AdminAccountFields
      }
      total
      page
      pageSize
    }
  }
  ${ADMIN_ACCOUNT_FIELDS}
`;

export const ADMIN_ACCOUNT: TypedDocumentNode<{ adminAccount: AdminAccount | null }, { userId: string }> = gql`
  query AdminAccount($userId: ID!) {
    adminAccount(userId: $userId) {
      ...AdminAccountFields
      orders {
        orderNo
        createdAt
        bookName
        format
        country
        quantity
        payType
        provider
        amount
        currency
        status
        shippingStatus
        buyerEmail
        buyerName
        remarks
        paidAt
        shippedAt
        bankReference
        providerRef
        completionRequested
        canCompleteBankTransfer
        canMarkShipped
      }
    }
  }
  ${ADMIN_ACCOUNT_FIELDS}
`;

type AccountChange = { changed: boolean; sessionsEnded: number; account: AdminAccount };

export const DISABLE_ACCOUNT: TypedDocumentNode<{ disableAccount: AccountChange }, { userId: string }> = gql`
  mutation DisableAccount($userId: ID!) {
    disableAccount(userId: $userId) {
      changed
      sessionsEnded
      account {
        ...AdminAccountFields
      }
    }
  }
  ${ADMIN_ACCOUNT_FIELDS}
`;

export const ENABLE_ACCOUNT: TypedDocumentNode<{ enableAccount: AccountChange }, { userId: string }> = gql`
  mutation EnableAccount($userId: ID!) {
    enableAccount(userId: $userId) {
      changed
      sessionsEnded
      account {
        ...AdminAccountFields
      }
    }
  }
  ${ADMIN_ACCOUNT_FIELDS}
`;
