import { type TFunction, useT } from '@dash/shared';
import { CLABE_DIGITS, resolveClabe } from '@dash/shared/counterparty-rules';
import { Text, TextInput, type TextInputProps } from '@mantine/core';

/** What a CLABE being typed resolves to: its bank and city once the first six digits are known. */
function describeClabe(value: string, t: TFunction): { text: string; invalid: boolean } {
  const digits = value.replace(/\s+/g, '');
  if (digits.length < CLABE_DIGITS) {
    const partial = digits.length >= 3 ? resolveClabe(digits.padEnd(CLABE_DIGITS, '0')) : null;
    const known = [
      partial?.bank ? `${partial.bank.name} (${partial.bank.tag})` : null,
      digits.length >= 6 ? partial?.city : null,
    ].filter((part): part is string => Boolean(part));
    return {
      text: known.length > 0 ? known.join(' · ') : t('beneficiaries.clabeHint'),
      invalid: false,
    };
  }
  const resolved = resolveClabe(digits);
  if (resolved.problem) return { text: t('beneficiaries.invalidClabe'), invalid: true };
  return { text: `${resolved.bank?.name} (${resolved.bank?.tag}) · ${resolved.city}`, invalid: false };
}

/** The CLABE field: shows the bank and city the number resolves to while it is typed. */
export function ClabeInput(props: TextInputProps) {
  const { t } = useT('rails');
  const description = describeClabe(String(props.value ?? ''), t);
  return (
    <TextInput
      label={t('beneficiaries.clabe')}
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
