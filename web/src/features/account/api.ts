import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SessionUser } from '../../lib/session';

export interface AccountChange {
  user: Pick<SessionUser, 'userId' | 'email' | 'loginFirst'>;
  sessionsEnded: number;
}

// Put into the documents at build time (vite.config.ts, precompileGql).
const ACCOUNT_CHANGE_FIELDS = gql`
  fragment AccountChangeFields on AccountChange {
    user {
      userId
      email
      loginFirst
    }
    sessionsEnded
  }
`;

export const CHANGE_PASSWORD: TypedDocumentNode<{ changePassword: AccountChange }, { oldPassword: string; password: string; confirmPassword: string }> = gql`
  mutation ChangePassword($oldPassword: String!, $password: String!, $confirmPassword: String!) {
    changePassword(oldPassword: $oldPassword, password: $password, confirmPassword: $confirmPassword) {
      ...AccountChangeFields
    }
  }
  ${ACCOUNT_CHANGE_FIELDS}
`;

export const SET_FIRST_PASSWORD: TypedDocumentNode<{ setFirstPassword: AccountChange }, { password: string; confirmPassword: string }> = gql`
  mutation SetFirstPassword($password: String!, $confirmPassword: String!) {
    setFirstPassword(password: $password, confirmPassword: $confirmPassword) {
      ...AccountChangeFields
    }
  }
  ${ACCOUNT_CHANGE_FIELDS}
`;

export const REQUEST_EMAIL_BINDING_CODE: TypedDocumentNode<{ requestEmailBindingCode: boolean }, { email: string }> = gql`
  mutation RequestEmailBindingCode($email: String!) {
    requestEmailBindingCode(email: $email)
  }
`;

export const BIND_EMAIL: TypedDocumentNode<{ bindEmail: AccountChange }, { email: string; code: string }> = gql`
  mutation BindEmail($email: String!, $code: String!) {
    bindEmail(email: $email, code: $code) {
      ...AccountChangeFields
    }
  }
  ${ACCOUNT_CHANGE_FIELDS}
`;
