import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';
import { SESSION_USER_FIELDS } from '../../lib/session';

export const CAPTCHA = graphql(`
  query Captcha {
    captcha {
      image
      expiresInSeconds
    }
  }
`);

export const EMAIL_REGISTERED = graphql(`
  query EmailRegistered($email: String!) {
    emailRegistered(email: $email)
  }
`);

const LOGIN_PAYLOAD_FIELDS = graphql(
  `
    fragment LoginPayloadFields on LoginPayload {
      user {
        ...SessionUserFields
      }
      expiresAt
    }
  `,
  [SESSION_USER_FIELDS],
);

export type LoginPayload = ResultOf<typeof LOGIN_PAYLOAD_FIELDS>;

export const LOGIN = graphql(
  `
    mutation Login($account: String!, $password: String!, $captcha: String!) {
      login(account: $account, password: $password, captcha: $captcha) {
        ...LoginPayloadFields
      }
    }
  `,
  [LOGIN_PAYLOAD_FIELDS],
);

export const REGISTER = graphql(
  `
    mutation Register($input: RegisterInput!) {
      register(input: $input) {
        ...LoginPayloadFields
      }
    }
  `,
  [LOGIN_PAYLOAD_FIELDS],
);

/** An email account (email), or a phone account (phoneArea + phoneNo, the code went by SMS). */
export type RegisterInput = VariablesOf<typeof REGISTER>['input'];

export const REQUEST_CODE = graphql(`
  mutation RequestCode($account: String!, $purpose: CodePurpose!) {
    requestCode(account: $account, purpose: $purpose)
  }
`);

export type CodePurpose = VariablesOf<typeof REQUEST_CODE>['purpose'];

export const CONFIRM_CODE = graphql(`
  mutation ConfirmCode($account: String!, $purpose: CodePurpose!, $code: String!) {
    confirmCode(account: $account, purpose: $purpose, code: $code)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($account: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(account: $account, password: $password, confirmPassword: $confirmPassword)
  }
`);
