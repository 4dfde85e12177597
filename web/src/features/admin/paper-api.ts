import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

export const PAPER_ORDER_CHOICES = graphql(`
  query PaperOrderChoices($language: Language) {
    books(language: $language) {
      id
      title
      price
      currency
    }
    countries {
      code
      en
      cn
    }
  }
`);

export type PaperBook = ResultOf<typeof PAPER_ORDER_CHOICES>['books'][number];
export type AdminCountry = ResultOf<typeof PAPER_ORDER_CHOICES>['countries'][number];

export const RECORD_PAPER_ORDER = graphql(`
  mutation RecordPaperOrder($input: RecordPaperOrderInput!) {
    recordPaperOrder(input: $input) {
      changed
      order {
        orderNo
        amount
        currency
        status
      }
    }
  }
`);

export type RecordPaperOrderInput = VariablesOf<typeof RECORD_PAPER_ORDER>['input'];
