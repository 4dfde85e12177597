import { DESKTOP_MIN_WIDTH } from './config';

// Recipes of components that only appear in lazily loaded screens. They are handed to those
// components by their `recipe` prop, so each recipe travels in the chunk that uses it.
export {
  comboboxSlotRecipe as comboboxRecipe,
  dataListSlotRecipe as dataListRecipe,
  dialogSlotRecipe as dialogRecipe,
  fieldSlotRecipe as fieldRecipe,
  inputRecipe,
  checkboxSlotRecipe as checkboxRecipe,
  nativeSelectSlotRecipe as nativeSelectRecipe,
  qrCodeSlotRecipe as qrCodeRecipe,
  radioGroupSlotRecipe as radioGroupRecipe,
  separatorRecipe,
  switchSlotRecipe as switchRecipe,
  tableSlotRecipe as tableRecipe,
} from '@chakra-ui/react/theme';

/** Raw media queries for the spec's mobile layout (below 633 px). */
export const mobileOnly = { [`@media screen and (min-width: ${DESKTOP_MIN_WIDTH}px)`]: { display: 'none' } };
export const desktopOnly = { [`@media screen and (max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`]: { display: 'none' } };
