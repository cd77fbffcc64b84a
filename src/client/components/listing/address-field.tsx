import { Field } from '@chakra-ui/react';
import type { Ref } from 'react';
import { AddressAutocomplete } from '../address-autocomplete';

// The listing's address (SPEC §3; marked required, §5) with the shared address autocomplete (SPEC §2, §5:
// 3+ characters, 300 ms, 10 hits). Free text stays allowed: not every place has a registered address.

export interface AddressFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  error?: string;
}

export function AddressField({ value, onChange, onBlur, inputRef, name, error }: AddressFieldProps) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>
        Adresse
        <Field.RequiredIndicator />
      </Field.Label>
      <AddressAutocomplete
        inputRef={inputRef}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        invalid={!!error}
        placeholder="Gateadresse, postnummer og sted"
        bg="bg"
        data-testid="address-input"
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Brukes til kart og avstand i annonsen.</Field.HelperText>}
    </Field.Root>
  );
}
