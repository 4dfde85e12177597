import { graphql, type ResultOf } from '../../lib/graphql';

const ACCOUNT_CHANGE_FIELDS = graphql(`
  fragment AccountChangeFields on AccountChange {
    user {
      userId
      email
      loginFirst
    }
    sessionsEnded
  }
`);

export type AccountChange = ResultOf<typeof ACCOUNT_CHANGE_FIELDS>;

export const CHANGE_PASSWORD = graphql(
  `
    mutation ChangePassword($oldPassword: String!, $password: String!, $confirmPassword: String!) {
      changePassword(oldPassword: $oldPassword, password: $password, confirmPassword: $confirmPassword) {
        ...AccountChangeFields
      }
    }
  `,
  [ACCOUNT_CHANGE_FIELDS],
);

export const SET_FIRST_PASSWORD = graphql(
  `
    mutation SetFirstPassword($password: String!, $confirmPassword: String!) {
      setFirstPassword(password: $password, confirmPassword: $confirmPassword) {
        ...AccountChangeFields
      }
    }
  `,
  [ACCOUNT_CHANGE_FIELDS],
);

export const REQUEST_EMAIL_BINDING_CODE = graphql(`
  mutation RequestEmailBindingCode($email: String!) {
    requestEmailBindingCode(email: $email)
  }
`);

export const BIND_EMAIL = graphql(
  `
    mutation BindEmail($email: String!, $code: String!) {
      bindEmail(email: $email, code: $code) {
        ...AccountChangeFields
      }
    }
  `,
  [ACCOUNT_CHANGE_FIELDS],
);
