import { INVALID_CLABE } from '@dash/shared';
import { CLABE_DIGITS, resolveClabe } from '@dash/shared/counterparty-rules';
import { Text, TextInput, type TextInputProps } from '@mantine/core';

/** What a CLABE being typed resolves to: its bank and city once the first six digits are known. */
function describeClabe(value: string): { text: string; invalid: boolean } {
  const digits = value.replace(/\s+/g, '');
  if (digits.length < CLABE_DIGITS) {
    const partial = digits.length >= 3 ? resolveClabe(digits.padEnd(CLABE_DIGITS, '0')) : null;
    const known = [
      partial?.bank ? `${partial.bank.name} (${partial.bank.tag})` : null,
      digits.length >= 6 ? partial?.city : null,
    ].filter((part): part is string => Boolean(part));
    return {
      text: known.length > 0 ? known.join(' · ') : '18 digits: bank, city, account and check digit',
      invalid: false,
    };
  }
  const resolved = resolveClabe(digits);
  if (resolved.problem) return { text: INVALID_CLABE, invalid: true };
  return { text: `${resolved.bank?.name} (${resolved.bank?.tag}) · ${resolved.city}`, invalid: false };
}

/** The CLABE field: shows the bank and city the number resolves to while it is typed. */
export function ClabeInput(props: TextInputProps) {
  const description = describeClabe(String(props.value ?? ''));
  return (
    <TextInput
      label="CLABE"
      placeholder="002010077777777771"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      description={
        <Text span size="xs" c={description.invalid ? 'red' : 'dimmed'} data-testid="clabe-resolution">
          {description.text}
        </Text>
      }
      {...props}
    />
  );
}
