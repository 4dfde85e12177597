import { graphql, type ResultOf } from '../../lib/graphql';
import { ADMIN_ORDER_FIELDS } from './api';

const ADMIN_ACCOUNT_FIELDS = graphql(`
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
`);

export const ADMIN_ACCOUNTS = graphql(
  `
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
  `,
  [ADMIN_ACCOUNT_FIELDS],
);

export const ADMIN_ACCOUNT = graphql(
  `
    query AdminAccount($userId: ID!) {
      adminAccount(userId: $userId) {
        ...AdminAccountFields
        orders {
          ...AdminOrderFields
        }
      }
    }
  `,
  [ADMIN_ACCOUNT_FIELDS, ADMIN_ORDER_FIELDS],
);

/** An account of the console's list; the detail dialog's answer also has its orders. */
export type AdminAccount = ResultOf<typeof ADMIN_ACCOUNT_FIELDS> & Partial<Pick<NonNullable<ResultOf<typeof ADMIN_ACCOUNT>['adminAccount']>, 'orders'>>;

/** How an account is named on the screen: its email, else its phone number, else its id. */
export function accountLabel(a: Pick<AdminAccount, 'email' | 'phoneArea' | 'phoneNo' | 'userId'>): string {
  return a.email || (a.phoneNo ? `${a.phoneArea ?? ''} ${a.phoneNo}`.trim() : a.userId);
}

/** The answer of disabling or enabling: whether it changed, the sessions it ended, the account now. */
const ACCOUNT_CHANGE_RESULT = graphql(
  `
    fragment AdminAccountChangeResult on AdminAccountChange {
      changed
      sessionsEnded
      account {
        ...AdminAccountFields
      }
    }
  `,
  [ADMIN_ACCOUNT_FIELDS],
);

export const DISABLE_ACCOUNT = graphql(
  `
    mutation DisableAccount($userId: ID!) {
      disableAccount(userId: $userId) {
        ...AdminAccountChangeResult
      }
    }
  `,
  [ACCOUNT_CHANGE_RESULT],
);

export const ENABLE_ACCOUNT = graphql(
  `
    mutation EnableAccount($userId: ID!) {
      enableAccount(userId: $userId) {
        ...AdminAccountChangeResult
      }
    }
  `,
  [ACCOUNT_CHANGE_RESULT],
);
