import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SessionUser } from '../../lib/session';

export type CodePurpose = 'REGISTER' | 'RESET';

interface LoginPayload {
  user: SessionUser;
  expiresAt: string;
}

export const CAPTCHA: TypedDocumentNode<{ captcha: { image: string; expiresInSeconds: number } }> = gql`
  query Captcha {
    captcha {
      image
      expiresInSeconds
    }
  }
`;

export const EMAIL_REGISTERED: TypedDocumentNode<{ emailRegistered: boolean }, { email: string }> = gql`
  query EmailRegistered($email: String!) {
    emailRegistered(email: $email)
  }
`;

// Put into the documents at build time (vite.config.ts, precompileGql).
const LOGIN_PAYLOAD_FIELDS = gql`
  fragment LoginPayloadFields on LoginPayload {
    user {
      userId
      firstName
      lastName
      email
      phoneArea
      phoneNo
      language
      loginFirst
      company
    }
    expiresAt
  }
`;

export const LOGIN: TypedDocumentNode<{ login: LoginPayload }, { account: string; password: string; captcha: string }> = gql`
  mutation Login($account: String!, $password: String!, $captcha: String!) {
    login(account: $account, password: $password, captcha: $captcha) {
      ...LoginPayloadFields
    }
  }
  ${LOGIN_PAYLOAD_FIELDS}
`;

/** An email account (email), or a phone account (phoneArea + phoneNo, the code went by SMS). */
export interface RegisterInput {
  email?: string;
  phoneArea?: string;
  phoneNo?: string;
  code: string;
  firstName: string;
  lastName: string;
  company: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
  language: 'zh' | 'en';
}

export const REGISTER: TypedDocumentNode<{ register: LoginPayload }, { input: RegisterInput }> = gql`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...LoginPayloadFields
    }
  }
  ${LOGIN_PAYLOAD_FIELDS}
`;

export const REQUEST_CODE: TypedDocumentNode<{ requestCode: boolean }, { account: string; purpose: CodePurpose }> = gql`
  mutation RequestCode($account: String!, $purpose: CodePurpose!) {
    requestCode(account: $account, purpose: $purpose)
  }
`;

export const CONFIRM_CODE: TypedDocumentNode<{ confirmCode: boolean }, { account: string; purpose: CodePurpose; code: string }> = gql`
  mutation ConfirmCode($account: String!, $purpose: CodePurpose!, $code: String!) {
    confirmCode(account: $account, purpose: $purpose, code: $code)
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<{ resetPassword: boolean }, { account: string; password: string; confirmPassword: string }> = gql`
  mutation ResetPassword($account: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(account: $account, password: $password, confirmPassword: $confirmPassword)
  }
`;
