import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AddressAutocomplete, type AddressAutocompleteProps } from '../address-autocomplete';

type Bound = 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name';

/** The address autocomplete (docs/product/screens.md) bound to a text field of a react-hook-form form. */
export function AddressInput<T extends FieldValues, Out>({
  control,
  name,
  ...props
}: { control: Control<T, unknown, Out>; name: FieldPathByValue<T, string | undefined> } & Omit<AddressAutocompleteProps, Bound>) {
  const { field } = useController({ control, name });
  return (
    <AddressAutocomplete
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
    />
  );
}
