import { Field, NativeSelect, type Tokens } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/**
 * A native select of the given options with Chakra's indicator. The props go to the <select> (value, onChange,
 * aria-label, bg, a form library's register props); `root` styles the wrapper (width, size, display).
 */
export function OptionSelect({
  options,
  root,
  ...field
}: ComponentProps<typeof NativeSelect.Field> & { options: readonly SelectOption[]; root?: ComponentProps<typeof NativeSelect.Root> }) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A choice under a small muted label, as the search forms show theirs; `onChange` gets the chosen value. */
export function LabelledSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  disabled?: boolean;
  size?: ComponentProps<typeof NativeSelect.Root>['size'];
  bg?: Tokens['colors'];
}) {
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label fontSize="sm" color="fg.muted">
        {props.label}
      </Field.Label>
      <OptionSelect
        root={props.size && { size: props.size }}
        bg={props.bg}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        options={props.options}
      />
    </Field.Root>
  );
}
