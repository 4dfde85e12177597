import { graphql } from '../../lib/graphql';

// Apart from the other account documents: the header needs only this one on first load.
export const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);
