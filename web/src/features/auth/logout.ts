import { gql, type TypedDocumentNode } from '@apollo/client';

// Apart from the other account documents: the header needs only this one on first load.
export const LOGOUT: TypedDocumentNode<{ logout: boolean }> = gql`
  mutation Logout {
    logout
  }
`;
