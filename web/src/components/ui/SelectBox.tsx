import { chakra, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { fieldRecipe, nativeSelectRecipe } from '../../lib/theme';

interface Props extends Omit<HTMLChakraProps<'select'>, 'size'> {
  /** The visible label above the select; without one, give the select an aria-label. */
  label?: ReactNode;
  /** The width of the field (label and select). */
  boxW?: HTMLChakraProps<'div'>['w'];
  boxMinW?: HTMLChakraProps<'div'>['minW'];
}

/**
 * A native select drawn as Chakra's NativeSelect (size sm) in a Field with its label, from the same
 * recipes, without Ark's Field and element factory behind them: on My Orders (its filters and page
 * size) those were about 5.5 KB gzipped of the first load for a label and a select.
 */
export function SelectBox({ label, boxW = 'auto', boxMinW, children, ...select }: Props) {
  const id = useId();
  const styles = useSlotRecipe({ recipe: nativeSelectRecipe })({ size: 'sm' });
  const field = useSlotRecipe({ recipe: fieldRecipe })({});
  const box = (
    <chakra.div css={styles.root} w={label ? undefined : boxW} minW={label ? undefined : boxMinW}>
      <chakra.select id={id} css={styles.field} {...select}>
        {children}
      </chakra.select>
      <chakra.div css={styles.indicator} aria-hidden>
        <chakra.svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 9 6 6 6-6" />
        </chakra.svg>
      </chakra.div>
    </chakra.div>
  );
  if (!label) return box;
  return (
    <chakra.div css={field.root} role="group" w={boxW} minW={boxMinW}>
      <chakra.label htmlFor={id} css={field.label}>
        {label}
      </chakra.label>
      {box}
    </chakra.div>
  );
}
